import { defineModule, modifiableActions } from "../../server/registry/manifest";
import { rosteringSettings } from "./domain/rostering-settings";

const ROSTER_VIEW = "rostering.roster.view";
const SHARED_VIEW = "rostering.shared-accommodation.view-global";

/**
 * Rostering (issue #17, decision 045): people and their tickets, crews, allocations, single and composition
 * rosters checked for conflicts before they are published, accommodation and fly-in fly-out travel.
 */
export default defineModule({
  id: "rostering",
  title: "rostering:title",
  icon: "calendar",
  basePath: "/rostering",
  routes: [
    {
      path: "/rostering/rostering/home",
      file: "routes/rostering-home.tsx",
      access: "project",
      permission: ROSTER_VIEW,
    },
    {
      path: "/rostering/rostering/personal-management",
      file: "routes/personnel.tsx",
      access: "project",
      permission: ROSTER_VIEW,
      intents: {
        create: "rostering.roster.create",
        update: "rostering.roster.edit",
        delete: "rostering.roster.delete",
        "add-ticket": "rostering.roster.edit",
        "remove-ticket": "rostering.roster.edit",
      },
    },
    {
      path: "/rostering/rostering/crew",
      file: "routes/crews.tsx",
      access: "project",
      permission: ROSTER_VIEW,
      intents: {
        create: "rostering.roster.create",
        update: "rostering.roster.edit",
        delete: "rostering.roster.delete",
      },
    },
    {
      path: "/rostering/rostering/allocation",
      file: "routes/allocations.tsx",
      access: "project",
      permission: ROSTER_VIEW,
      intents: {
        create: "rostering.roster.create",
        update: "rostering.roster.edit",
        delete: "rostering.roster.delete",
      },
    },
    {
      // Tabs Single Roster and Composition Roster (?tab=single|composition).
      path: "/rostering/rostering/roster-management",
      file: "routes/roster-management.tsx",
      access: "project",
      permission: ROSTER_VIEW,
    },
    {
      path: "/rostering/rostering/roster-management/create",
      file: "routes/roster-create.tsx",
      access: "project",
      permission: "rostering.roster.create",
    },
    {
      // The roster's days, its conflicts, overrides and publishing.
      path: "/rostering/rostering/roster-management/:rosterId",
      file: "routes/roster-detail.tsx",
      access: "project",
      permission: ROSTER_VIEW,
      intents: {
        assign: "rostering.roster.assign",
        reassign: "rostering.roster.reassign",
        unassign: "rostering.roster.assign",
        "set-shift": "rostering.roster.edit",
        override: "rostering.roster.publish",
        "remove-override": "rostering.roster.publish",
        publish: "rostering.roster.publish",
        unpublish: "rostering.roster.publish",
        "book-rooms": "rostering.accommodation.edit",
        "send-link": "rostering.roster.publish",
        delete: "rostering.roster.delete",
        // Schedule cards (decision 046): the roster's day and night cards.
        "set-cards": "rostering.roster.edit",
      },
    },
    {
      path: "/rostering/rostering/roster-management/:rosterId/edit-travel-allocation",
      file: "routes/roster-travel.tsx",
      access: "project",
      permission: "rostering.roster.edit-travel-allocation",
    },
    {
      path: "/rostering/rostering/accommodation-management",
      file: "routes/accommodation-list.tsx",
      access: "project",
      permission: "rostering.accommodation.view",
    },
    {
      path: "/rostering/rostering/accommodation-management/create",
      file: "routes/accommodation-create.tsx",
      access: "project",
      permission: "rostering.accommodation.create",
    },
    {
      path: "/rostering/rostering/accommodation-management/:accommodationId",
      file: "routes/accommodation-detail.tsx",
      access: "project",
      permission: "rostering.accommodation.view",
      intents: {
        "add-room": "rostering.accommodation.edit",
        "remove-room": "rostering.accommodation.edit",
        book: "rostering.accommodation.edit",
        "cancel-booking": "rostering.accommodation.edit",
        delete: "rostering.accommodation.delete",
      },
    },
    {
      path: "/rostering/rostering/accommodation-management/:accommodationId/edit",
      file: "routes/accommodation-edit.tsx",
      access: "project",
      permission: "rostering.accommodation.edit",
    },
    {
      // Saving needs create-settings too: the action checks it.
      path: "/rostering/rostering/settings",
      file: "routes/rostering-settings.tsx",
      access: "project",
      permission: "rostering.settings.view-settings",
    },
    {
      // Template download and export (GET ?mode=template|export) and import (POST), for the four template kinds.
      path: "/rostering/rostering/templates/:kind",
      file: "routes/rostering-templates.tsx",
      access: "project",
      permission: ROSTER_VIEW,
    },
    // --- Schedule cards (decision 046) ---
    {
      path: "/rostering/rostering/schedule-cards",
      file: "routes/schedule-cards.tsx",
      access: "project",
      permission: ["rostering.schedule-card-group.view", "rostering.schedule-card.view"],
      intents: {
        "create-group": "rostering.schedule-card-group.create",
        "update-group": "rostering.schedule-card-group.edit",
        "delete-group": "rostering.schedule-card-group.delete",
        "create-card": "rostering.schedule-card.create",
        "update-card": "rostering.schedule-card.edit",
        "delete-card": "rostering.schedule-card.delete",
      },
    },
    // --- end schedule cards ---
    {
      // A person's published roster on their phone, through the link sent to them: no account.
      path: "/rostering/my-roster/:token",
      file: "routes/my-roster.tsx",
      access: "external",
    },
    // --- Shared accommodation (global settings, decision 047): granted by the user's global role. ---
    {
      path: "/globalSettings/rostering",
      file: "routes/shared-accommodation-list.tsx",
      access: "global",
      permission: SHARED_VIEW,
    },
    {
      path: "/globalSettings/rostering/accommodation-management/create",
      file: "routes/shared-accommodation-create.tsx",
      access: "global",
      permission: "rostering.shared-accommodation.create-global",
    },
    {
      path: "/globalSettings/rostering/accommodation-management/:accommodationId",
      file: "routes/shared-accommodation-detail.tsx",
      access: "global",
      permission: SHARED_VIEW,
      intents: {
        "add-room": "rostering.shared-accommodation.edit-global",
        "remove-room": "rostering.shared-accommodation.edit-global",
        delete: "rostering.shared-accommodation.delete-global",
      },
    },
    {
      path: "/globalSettings/rostering/accommodation-management/:accommodationId/edit",
      file: "routes/shared-accommodation-edit.tsx",
      access: "global",
      permission: "rostering.shared-accommodation.edit-global",
    },
    // --- end shared accommodation ---
  ],
  nav: [
    { label: "rostering:nav.home", path: "/rostering/rostering/home", icon: "home", permission: ROSTER_VIEW },
    {
      label: "rostering:nav.rosters",
      path: "/rostering/rostering/roster-management",
      icon: "calendar",
      permission: ROSTER_VIEW,
    },
    {
      label: "rostering:nav.allocation",
      path: "/rostering/rostering/allocation",
      icon: "list",
      permission: ROSTER_VIEW,
    },
    {
      label: "rostering:nav.personnel",
      path: "/rostering/rostering/personal-management",
      icon: "users",
      permission: ROSTER_VIEW,
    },
    {
      label: "rostering:nav.crews",
      path: "/rostering/rostering/crew",
      icon: "users",
      permission: ROSTER_VIEW,
    },
    {
      label: "rostering:nav.accommodation",
      path: "/rostering/rostering/accommodation-management",
      icon: "home",
      permission: "rostering.accommodation.view",
    },
    // Schedule cards (decision 046)
    {
      label: "rostering:scheduleCards.nav",
      path: "/rostering/rostering/schedule-cards",
      icon: "clock",
      permission: ["rostering.schedule-card-group.view", "rostering.schedule-card.view"],
    },
    {
      label: "rostering:nav.settings",
      path: "/rostering/rostering/settings",
      icon: "settings",
      permission: "rostering.settings.view-settings",
    },
    // Shared accommodation: a global key, so it is listed with global settings (its path's section).
    {
      label: "rostering:nav.sharedAccommodation",
      path: "/globalSettings/rostering",
      icon: "home",
      permission: SHARED_VIEW,
    },
  ],
  settings: {
    /** Fatigue rules and shift times (/rostering/rostering/settings). */
    rosteringSettings,
  },
  server: () => import("./module.server"),
  provides: {
    "home.widgets": () => import("./provides/home-widgets.server"),
  },
  // Shared accommodation (decision 047): the company's camps and motels that every project books, managed
  // under /globalSettings/rostering by whom the global role allows (spec 6's global actions).
  globalPermissions: {
    displayName: "Rostering (global settings)",
    subModules: [
      {
        name: "shared-accommodation",
        displayName: "Shared accommodation",
        actions: modifiableActions("view-global", "create-global", "edit-global", "delete-global"),
      },
    ],
  },
  permissions: {
    displayName: "Rostering",
    subModules: [
      {
        // Spec 6: rostering view/create/edit, assign, reassign, edit-travel-allocation. publish = publish a
        // roster (and override its conflicts' block with a reason) and send people their links.
        name: "roster",
        displayName: "Rosters",
        actions: modifiableActions(
          "view",
          "create",
          "edit",
          "delete",
          "assign",
          "reassign",
          "edit-travel-allocation",
          "publish",
        ),
      },
      {
        name: "accommodation",
        displayName: "Accommodation",
        actions: modifiableActions("view", "create", "edit", "delete"),
      },
      // --- Schedule cards (decision 046; spec 6 schedule-card and schedule-card-group) ---
      {
        name: "schedule-card-group",
        displayName: "Schedule card groups",
        actions: modifiableActions("view", "create", "edit", "delete"),
      },
      {
        name: "schedule-card",
        displayName: "Schedule cards",
        actions: modifiableActions("view", "create", "edit", "delete"),
      },
      // --- end schedule cards ---
      {
        name: "settings",
        displayName: "Rostering settings",
        actions: modifiableActions("view-settings", "create-settings"),
      },
    ],
  },
});
