/**
 * Where a test's uploads go: a temporary folder of its own, made before each test and removed after it,
 * so no test sees another's files and none are left under DATA_DIR.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach } from "vitest";
import { LocalFolderStorage, setFileStorage } from "~/plugins/storage/index.server";

/** `prefix` names the folder (`sp-diary-` → /tmp/sp-diary-XXXXXX), to tell whose it is if one is left behind. */
export function setupTestFileStorage(prefix: string) {
  const state: { root: string | null } = { root: null };
  beforeEach(() => {
    state.root = mkdtempSync(join(tmpdir(), prefix));
    setFileStorage(new LocalFolderStorage(state.root));
  });
  afterEach(() => {
    setFileStorage(undefined);
    if (state.root) rmSync(state.root, { recursive: true, force: true });
    state.root = null;
  });
  return {
    /** The folder the stored files are written to, for a test that looks at them. */
    get root() {
      if (!state.root) throw new Error("setupTestFileStorage: the folder exists only inside tests");
      return state.root;
    },
  };
}
