import {
  children,
  type ItpItemSeed,
  type LocationSeed,
  lotTable,
  type ProjectQualitySeed,
} from "./quality-content";

/** Northern Bridge Upgrade (NBU-2026): a three-span bridge on two piers and two abutments. */

const pier = (name: string): LocationSeed => ({
  name,
  children: children("Piles", "Pile cap", "Column", "Headstock"),
});
const abutment = (name: string): LocationSeed => ({
  name,
  children: children("Piles", "Pile cap", "Abutment wall", "Approach slab"),
});
const span = (name: string): LocationSeed => ({ name, children: children("Deck", "Bearings", "Parapets") });

const concreteItems: ItpItemSeed[] = [
  {
    activity: "Concrete mix design submitted and approved",
    inspectionPoint: "H",
    acceptanceCriteria:
      "Mix design to MRTS70 cl. 7 and AS 1379: S40 grade, max. w/c 0.45, 20 mm aggregate, approved by the Superintendent",
    verifyingDocument: "Approved mix design and trial mix report",
    references: "MRTS70 cl. 7; AS 1379 cl. 4",
    method: "Document review",
    frequency: "Once per mix design",
    clientSignature: true,
  },
  {
    activity: "Excavation and foundation inspection",
    inspectionPoint: "W",
    acceptanceCriteria: "Founding level as per drawings ±25 mm; base clean, free of water and loose material",
    verifyingDocument: "Foundation inspection record signed by the geotechnical engineer",
    references: "AS 3600 cl. 17.1; drawing S-2104",
    method: "Visual inspection and survey",
    frequency: "Each footing",
    otherSignatureRole: "Geotechnical engineer",
  },
  {
    activity: "Formwork erected: alignment, level and tightness",
    inspectionPoint: "I",
    acceptanceCriteria:
      "Formwork to AS 3610.1 class 2 finish; position ±10 mm, level ±5 mm; joints grout tight",
    verifyingDocument: "Formwork checklist",
    references: "AS 3610.1 cl. 3.4; MRTS70 cl. 11",
    method: "Survey and visual inspection",
    frequency: "Each pour",
    subcontractorSignature: true,
  },
  {
    activity: "Reinforcement fixed: bar size, spacing, laps and cover",
    inspectionPoint: "H",
    acceptanceCriteria:
      "Bars to AS/NZS 4671 grade D500N; spacing ±10 mm; cover 65 mm −0/+10 mm; laps as per drawing S-2110",
    verifyingDocument: "Reinforcement inspection record and mill certificates",
    references: "AS/NZS 4671; AS 3600 cl. 17.5; MRTS71",
    method: "Measurement with cover meter and tape",
    frequency: "Each pour",
    subcontractorSignature: true,
    clientSignature: true,
  },
  {
    activity: "Cast-in items, ducts and earthing installed",
    inspectionPoint: "V",
    acceptanceCriteria: "Items located ±5 mm; earthing continuity < 1 Ω",
    verifyingDocument: "Cast-in items checklist; continuity test record",
    references: "Drawing S-2115; AS/NZS 3000",
    method: "Measurement and continuity test",
    frequency: "Each pour",
  },
  {
    activity: "Pre-pour inspection and approval to pour",
    inspectionPoint: "H",
    acceptanceCriteria: "All preceding items conforming; pour plan, pump and standby plant confirmed",
    verifyingDocument: "Pre-pour checklist signed by the Superintendent's representative",
    references: "MRTS70 cl. 12.1",
    method: "Joint inspection",
    frequency: "Each pour",
    clientSignature: true,
  },
  {
    activity: "Concrete delivery: docket check and slump test",
    inspectionPoint: "C",
    acceptanceCriteria:
      "Slump 100 mm ±20 mm; discharged within 90 minutes of batching; docket matches the approved mix",
    verifyingDocument: "Delivery dockets; slump test record",
    references: "AS 1379 cl. 4.2; AS 1012.3.1",
    method: "Slump cone test",
    frequency: "Each truck",
  },
  {
    activity: "Concrete placing and compaction",
    inspectionPoint: "W",
    acceptanceCriteria: "Free fall ≤ 1.5 m; internal vibration to full depth; no cold joints",
    verifyingDocument: "Pour record",
    references: "MRTS70 cl. 12.3; AS 3600 cl. 17.1.3",
    method: "Visual inspection",
    frequency: "Each pour",
  },
  {
    activity: "Test cylinders taken",
    inspectionPoint: "M",
    acceptanceCriteria: "One set of 3 cylinders per 50 m³ or part thereof, minimum one set per pour",
    verifyingDocument: "Sampling record (NATA laboratory)",
    references: "AS 1012.1; AS 1012.8.1",
    method: "Sampling by NATA-accredited technician",
    frequency: "Per 50 m³",
  },
  {
    activity: "Curing",
    inspectionPoint: "I",
    acceptanceCriteria:
      "Surfaces kept continuously moist or cured with approved compound for at least 7 days",
    verifyingDocument: "Curing register",
    references: "MRTS70 cl. 17; AS 3600 cl. 17.1.5",
    method: "Visual inspection",
    frequency: "Daily during curing",
  },
  {
    activity: "Formwork stripping",
    inspectionPoint: "R",
    acceptanceCriteria: "Stripping times to AS 3610 table 5.4.3 or engineer's approval",
    verifyingDocument: "Stripping approval",
    references: "AS 3610.1 cl. 5.4",
    method: "Review of pour date and cylinder results",
    frequency: "Each pour",
    subcontractorSignature: true,
  },
  {
    activity: "Compressive strength results at 7 and 28 days",
    inspectionPoint: "R",
    acceptanceCriteria: "28-day characteristic strength ≥ 40 MPa; no individual result < 0.85 f'c",
    verifyingDocument: "NATA test certificates",
    references: "AS 1379 cl. 6; AS 1012.9",
    method: "Laboratory testing",
    frequency: "Per sample set",
  },
  {
    activity: "As-built survey and surface finish",
    inspectionPoint: "D",
    acceptanceCriteria: "Position ±15 mm, level ±10 mm; finish class 2, no honeycombing",
    verifyingDocument: "As-built survey report",
    references: "MRTS70 cl. 15; AS 3610.1",
    method: "Survey",
    frequency: "Each element",
    otherSignatureRole: "Surveyor",
  },
];

const bearingItems: ItpItemSeed[] = [
  {
    activity: "Bearing shop drawings and manufacturer's test certificates",
    inspectionPoint: "H",
    acceptanceCriteria: "Elastomeric bearings to AS 5100.4; certificates for each batch",
    verifyingDocument: "Approved shop drawings; test certificates",
    references: "AS 5100.4; MRTS81",
    method: "Document review",
    frequency: "Each batch",
    clientSignature: true,
  },
  {
    activity: "Bearings delivered undamaged and stored off the ground",
    inspectionPoint: "V",
    acceptanceCriteria: "No cuts, bulges or contamination; stored covered",
    verifyingDocument: "Receiving inspection record",
    references: "MRTS81 cl. 6",
    method: "Visual inspection",
    frequency: "Each delivery",
  },
  {
    activity: "Bearing plinth level and flatness",
    inspectionPoint: "D",
    acceptanceCriteria: "Level ±3 mm; flatness 1 mm over 300 mm",
    verifyingDocument: "Survey record",
    references: "AS 5100.4 cl. 14; drawing S-2201",
    method: "Survey and straight edge",
    frequency: "Each plinth",
    otherSignatureRole: "Surveyor",
  },
  {
    activity: "Bedding mortar placed",
    inspectionPoint: "W",
    acceptanceCriteria: "Approved non-shrink grout, 25–40 mm thick, full contact",
    verifyingDocument: "Grouting record",
    references: "MRTS81 cl. 9",
    method: "Visual inspection",
    frequency: "Each bearing",
    subcontractorSignature: true,
  },
  {
    activity: "Bearing position and orientation",
    inspectionPoint: "H",
    acceptanceCriteria: "Centreline ±3 mm; orientation arrow to the direction of movement",
    verifyingDocument: "Bearing installation record",
    references: "AS 5100.4 cl. 14.3",
    method: "Survey",
    frequency: "Each bearing",
    clientSignature: true,
  },
  {
    activity: "Grout cube strength",
    inspectionPoint: "R",
    acceptanceCriteria: "≥ 50 MPa at 7 days",
    verifyingDocument: "NATA test certificates",
    references: "AS 1478.2",
    method: "Laboratory testing",
    frequency: "Per batch",
  },
  {
    activity: "Girder seating and bearing contact",
    inspectionPoint: "W",
    acceptanceCriteria: "Full contact, no gap > 1 mm; no visible distortion",
    verifyingDocument: "Girder erection record",
    references: "MRTS81 cl. 10",
    method: "Feeler gauge",
    frequency: "Each bearing",
  },
  {
    activity: "Temporary restraints removed",
    inspectionPoint: "C",
    acceptanceCriteria: "All transport clamps removed before the deck pour",
    verifyingDocument: "Bearing installation record",
    references: "Manufacturer's instructions",
    method: "Visual inspection",
    frequency: "Each bearing",
  },
  {
    activity: "As-built bearing survey",
    inspectionPoint: "D",
    acceptanceCriteria: "Recorded for the bridge maintenance file",
    verifyingDocument: "As-built survey",
    references: "MRTS81 cl. 12",
    method: "Survey",
    frequency: "Each span",
    otherSignatureRole: "Surveyor",
  },
  {
    activity: "Bearing records handed over",
    inspectionPoint: "R",
    acceptanceCriteria: "Certificates, installation records and as-built survey complete",
    verifyingDocument: "Handover register",
    references: "Contract schedule 12",
    method: "Document review",
    frequency: "Each span",
  },
];

const waterproofingItems: ItpItemSeed[] = [
  {
    activity: "Membrane product and applicator approved",
    inspectionPoint: "H",
    acceptanceCriteria: "Spray-applied membrane listed in MRTS84; applicator accredited by the manufacturer",
    verifyingDocument: "Product data sheet; applicator accreditation",
    references: "MRTS84 cl. 5",
    method: "Document review",
    frequency: "Once",
    clientSignature: true,
  },
  {
    activity: "Deck surface preparation",
    inspectionPoint: "W",
    acceptanceCriteria: "Shot blasted, laitance removed; surface moisture < 5 %",
    verifyingDocument: "Surface preparation record",
    references: "MRTS84 cl. 7.2",
    method: "Moisture meter and visual inspection",
    frequency: "Each bay",
  },
  {
    activity: "Primer application",
    inspectionPoint: "I",
    acceptanceCriteria: "Coverage to manufacturer's rate; touch dry before membrane",
    verifyingDocument: "Application record",
    references: "MRTS84 cl. 7.3",
    method: "Visual inspection",
    frequency: "Each bay",
    subcontractorSignature: true,
  },
  {
    activity: "Membrane thickness",
    inspectionPoint: "M",
    acceptanceCriteria: "Dry film thickness ≥ 2.0 mm at every reading",
    verifyingDocument: "Thickness gauge readings",
    references: "MRTS84 cl. 8.1",
    method: "Wet film gauge, then core check",
    frequency: "5 readings per 100 m²",
  },
  {
    activity: "Adhesion (pull-off) test",
    inspectionPoint: "H",
    acceptanceCriteria: "Pull-off strength ≥ 0.7 MPa",
    verifyingDocument: "Pull-off test report",
    references: "MRTS84 cl. 8.2; AS 1580.408.5",
    method: "Pull-off tester",
    frequency: "3 per span",
    clientSignature: true,
  },
  {
    activity: "Protection board and asphalt tack coat",
    inspectionPoint: "C",
    acceptanceCriteria: "No traffic on the membrane; tack coat rate 0.3 L/m²",
    verifyingDocument: "Daily report",
    references: "MRTS30; MRTS84 cl. 9",
    method: "Visual inspection",
    frequency: "Each bay",
  },
  {
    activity: "Asphalt wearing course compaction",
    inspectionPoint: "W",
    acceptanceCriteria: "Air voids 3–7 %; thickness 50 mm ±5 mm",
    verifyingDocument: "Core test results",
    references: "MRTS30 cl. 8; AS 2891.9.2",
    method: "Cores",
    frequency: "3 cores per lot",
  },
  {
    activity: "Deck drainage outlets clear",
    inspectionPoint: "V",
    acceptanceCriteria: "All scuppers open and discharging",
    verifyingDocument: "Inspection record",
    references: "Drawing S-2320",
    method: "Water test",
    frequency: "Each span",
  },
  {
    activity: "Expansion joints sealed",
    inspectionPoint: "I",
    acceptanceCriteria: "Joint gap to the temperature chart ±2 mm; seal continuous",
    verifyingDocument: "Joint installation record",
    references: "MRTS82",
    method: "Measurement",
    frequency: "Each joint",
  },
  {
    activity: "Final inspection with the client",
    inspectionPoint: "H",
    acceptanceCriteria: "No defects outstanding",
    verifyingDocument: "Joint inspection report",
    references: "Contract clause 34",
    method: "Joint walk-down",
    frequency: "Once",
    clientSignature: true,
  },
];

export const BRIDGE_QUALITY: ProjectQualitySeed = {
  customer: "Department of Transport and Main Roads",
  contractNumber: "TMR-NBU-2026-014",
  engineerResponsible: "Priya Patel",
  supervisorResponsible: "Dan Whitfield",
  locations: [
    abutment("Abutment A"),
    pier("Pier 1"),
    pier("Pier 2"),
    abutment("Abutment B"),
    span("Span 1"),
    span("Span 2"),
    span("Span 3"),
  ],
  itps: [
    {
      title: "Cast-in-place concrete: piles, pile caps, columns and deck",
      status: "active",
      discipline: "Structures",
      specification: "MRTS70 Concrete; MRTS71 Reinforcing steel; AS 1379; AS 3600; AS 3610.1",
      drawings: "NBU-S-2101 to NBU-S-2130",
      description: "Every structural concrete pour on the bridge, from excavation to the as-built survey.",
      items: concreteItems,
    },
    {
      title: "Bridge bearings installation",
      status: "internal_review",
      discipline: "Structures",
      specification: "MRTS81 Bridge bearings; AS 5100.4",
      drawings: "NBU-S-2201 to NBU-S-2206",
      description: "Supply and installation of the elastomeric bearings on the piers and abutments.",
      items: bearingItems,
    },
    {
      title: "Deck waterproofing and asphalt wearing course",
      status: "draft",
      discipline: "Pavements",
      specification: "MRTS84 Deck wearing surface; MRTS30 Asphalt pavements",
      drawings: "NBU-S-2301 to NBU-S-2320",
      description: "Membrane, protection and asphalt on the three spans.",
      items: waterproofingItems,
    },
  ],
  lots: lotTable(`
Abutment A bored piles P1–P6 | Piling | Abutment A › Piles | closed/external_approved | WP-01 Substructure | Structures
Abutment A pile cap reinforcement | Reinforcement | Abutment A › Pile cap | closed/qa_approved | WP-01 Substructure | Structures | subcontractor
Abutment A pile cap pour | Concrete | Abutment A › Pile cap | closed/external_approved | WP-01 Substructure | Structures
Abutment A wall and wingwalls pour | Concrete | Abutment A › Abutment wall | guaranteed/external_approved | WP-01 Substructure | Structures
Pier 1 bored piles P7–P12 | Piling | Pier 1 › Piles | closed/external_approved | WP-01 Substructure | Structures
Pier 1 pile cap reinforcement | Reinforcement | Pier 1 › Pile cap | confirming/external_review | WP-01 Substructure | Structures | subcontractor
Pier 1 pile cap pour | Concrete | Pier 1 › Pile cap | confirming/qa_approved | WP-01 Substructure | Structures
Pier 1 column pour lift 1 | Concrete | Pier 1 › Column | confirming/qa_review | WP-01 Substructure | Structures
Pier 1 column pour lift 2 | Concrete | Pier 1 › Column | active/qa_review | WP-01 Substructure | Structures
Pier 1 headstock formwork | Formwork | Pier 1 › Headstock | non_conforming/qa_returned | WP-01 Substructure | Structures | subcontractor
Pier 2 bored piles P13–P18 | Piling | Pier 2 › Piles | closed/qa_approved | WP-01 Substructure | Structures
Pier 2 pile cap reinforcement | Reinforcement | Pier 2 › Pile cap | active/engineer_review | WP-01 Substructure | Structures | subcontractor
Pier 2 pile cap pour | Concrete | Pier 2 › Pile cap | active/completed_pending_records | WP-01 Substructure | Structures
Pier 2 column pour lift 1 | Concrete | Pier 2 › Column | non_conforming/engineer_rejected | WP-01 Substructure | Structures
Pier 2 column pour lift 2 | Concrete | Pier 2 › Column | active/work_started | WP-01 Substructure | Structures
Pier 2 headstock pour | Concrete | Pier 2 › Headstock | open/- | WP-01 Substructure | Structures
Abutment B bored piles P19–P24 | Piling | Abutment B › Piles | active/work_started | WP-01 Substructure | Structures
Abutment B pile cap pour | Concrete | Abutment B › Pile cap | open/- | WP-01 Substructure | Structures
Abutment B temporary crane pad | Temporary works | Abutment B | cancelled/- | WP-01 Substructure | Geotechnical | no ITP
Span 1 bearing installation | Bearings | Span 1 › Bearings | active/work_started | WP-02 Superstructure | Structures | no ITP
Span 1 deck reinforcement | Reinforcement | Span 1 › Deck | confirming/external_review | WP-02 Superstructure | Structures | subcontractor
Span 1 deck pour | Concrete | Span 1 › Deck | non_conforming/external_rejected | WP-02 Superstructure | Structures
Span 2 bearing installation | Bearings | Span 2 › Bearings | active/completed_pending_records | WP-02 Superstructure | Structures | no ITP
Span 2 deck formwork | Formwork | Span 2 › Deck | active/engineer_review | WP-02 Superstructure | Structures | subcontractor
Span 2 deck pour (night shift) | Concrete | Span 2 › Deck | active/work_started | WP-02 Superstructure | Structures
Span 3 bearing installation | Bearings | Span 3 › Bearings | open/- | WP-02 Superstructure | Structures | no ITP
Span 3 deck reinforcement | Reinforcement | Span 3 › Deck | open/- | WP-02 Superstructure | Structures | subcontractor
Span 1 parapet slipform | Concrete | Span 1 › Parapets | confirming/qa_review | WP-03 Deck finishes | Structures
Abutment A approach slab pour | Concrete | Abutment A › Approach slab | active/qa_review | WP-03 Deck finishes | Structures
Span 2 parapet precast units | Precast | Span 2 › Parapets | cancelled/- | WP-03 Deck finishes | Structures
Span 2 deck soffit pour | Concrete | Span 2 › Deck | non_conforming/ncr_raised | WP-02 Superstructure | Structures
`),
  equipment: [
    {
      lot: "Abutment A bored piles P1–P6",
      name: "Bauer BG 28 piling rig",
      description: "Rotary bored piling rig, 1200 mm auger, unit PR-03",
    },
    {
      lot: "Abutment A pile cap pour",
      name: "Concrete pump 42 m boom",
      description: "Schwing S 42 SX, operator ticket checked",
    },
    {
      lot: "Abutment A pile cap pour",
      name: "Poker vibrators (2)",
      description: "50 mm petrol pokers, one on standby",
    },
    { lot: "Pier 1 pile cap pour", name: "Concrete pump 42 m boom", description: "Schwing S 42 SX" },
    {
      lot: "Span 2 deck pour (night shift)",
      name: "Lighting towers (4)",
      description: "LED towers for the night pour",
    },
  ],
  relatedLots: [
    ["Abutment A pile cap reinforcement", "Abutment A pile cap pour"],
    ["Pier 1 pile cap reinforcement", "Pier 1 pile cap pour"],
    ["Pier 2 pile cap reinforcement", "Pier 2 pile cap pour"],
    ["Span 1 deck reinforcement", "Span 1 deck pour"],
    ["Span 2 deck formwork", "Span 2 deck pour (night shift)"],
  ],
  itrs: [
    {
      lot: "Abutment A pile cap pour",
      title: "Concrete delivery dockets and slump tests",
      fileName: "ITR-AbutmentA-pile-cap-slump-tests.pdf",
      description: "12 trucks, S40/20 mix, all slumps within 100 ±20 mm.",
      lines: [
        "Truck 1  docket 884512  batched 06:10  slump 105 mm",
        "Truck 2  docket 884519  batched 06:32  slump 95 mm",
        "Truck 3  docket 884527  batched 06:55  slump 110 mm",
        "Cylinders: set A1 (trucks 1-4), set A2 (trucks 5-8), set A3 (trucks 9-12)",
      ],
    },
    {
      lot: "Abutment A bored piles P1–P6",
      title: "Pile integrity test results",
      fileName: "ITR-AbutmentA-pile-integrity.pdf",
      description: "Low-strain integrity tests on piles P1 to P6: no anomalies.",
      lines: [
        "P1 to P6: sonic echo, clear toe reflection, no defects",
        "Tested by GeoTest Pty Ltd (NATA 18452)",
      ],
    },
  ],
  dtiAudit: {
    lot: "Abutment A pile cap pour",
    auditorName: "Grace Holloway (TMR surveillance officer)",
    reason: "Random surveillance audit of a closed structural concrete lot",
    comments: "Records complete: dockets, slump tests, cylinder results at 28 days (avg. 47.5 MPa).",
  },
};
