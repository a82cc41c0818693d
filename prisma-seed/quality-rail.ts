import {
  children,
  type ItpItemSeed,
  type LocationSeed,
  lotTable,
  type ProjectQualitySeed,
} from "./quality-content";

/** Western Rail Link (WRL-AU-01): 6 km of new track in three sections. */

const section = (name: string): LocationSeed => ({
  name,
  children: children("Earthworks", "Drainage", "Track", "Signalling"),
});

const earthworksItems: ItpItemSeed[] = [
  {
    activity: "Clearing, grubbing and topsoil stripping",
    inspectionPoint: "V",
    acceptanceCriteria: "Vegetation and roots removed; topsoil stockpiled ≤ 2 m high",
    verifyingDocument: "Daily report with photos",
    references: "MRTS04 cl. 9",
    method: "Visual inspection",
    frequency: "Each 500 m",
  },
  {
    activity: "Foundation proof roll",
    inspectionPoint: "H",
    acceptanceCriteria: "No visible deflection or pumping under a 12 t smooth drum roller",
    verifyingDocument: "Proof roll record signed by the geotechnical engineer",
    references: "MRTS04 cl. 13.2",
    method: "Proof rolling",
    frequency: "Each lot",
    otherSignatureRole: "Geotechnical engineer",
    clientSignature: true,
  },
  {
    activity: "Fill material approved",
    inspectionPoint: "R",
    acceptanceCriteria: "General fill: PI ≤ 35, CBR ≥ 5 %, max. particle 150 mm",
    verifyingDocument: "NATA material test certificates",
    references: "MRTS04 table 14.2.1; AS 1289.6.1.1",
    method: "Laboratory testing",
    frequency: "Each source, then each 5,000 m³",
  },
  {
    activity: "Layer thickness before compaction",
    inspectionPoint: "C",
    acceptanceCriteria: "Loose layer ≤ 300 mm",
    verifyingDocument: "Layer register",
    references: "MRTS04 cl. 14.3",
    method: "Dip measurement",
    frequency: "Each layer",
    subcontractorSignature: true,
  },
  {
    activity: "Moisture conditioning",
    inspectionPoint: "M",
    acceptanceCriteria: "Moisture content within 60–90 % of OMC (standard compaction)",
    verifyingDocument: "Moisture test results",
    references: "AS 1289.2.1.1; MRTS04 cl. 14.4",
    method: "Oven or microwave moisture test",
    frequency: "Each layer",
  },
  {
    activity: "Earthworks compaction testing",
    inspectionPoint: "H",
    acceptanceCriteria: "Relative compaction ≥ 97 % standard (≥ 100 % in the top 300 mm of the formation)",
    verifyingDocument: "Compaction test report (nuclear gauge)",
    references: "AS 1289.5.8.1; AS 1289.5.4.1; MRTS04 table 15.2",
    method: "Nuclear densometer",
    frequency: "1 test per 500 m² per layer, min. 3 per lot",
    clientSignature: true,
  },
  {
    activity: "Batter slopes and benching",
    inspectionPoint: "D",
    acceptanceCriteria: "Batter 1V:2H ±0.1; benches where the slope is steeper than 1V:4H",
    verifyingDocument: "Survey record",
    references: "MRTS04 cl. 16; drawing WRL-C-1105",
    method: "Survey",
    frequency: "Each 50 m",
    otherSignatureRole: "Surveyor",
  },
  {
    activity: "Formation level and shape",
    inspectionPoint: "W",
    acceptanceCriteria: "Level +0/−30 mm; crossfall 3 % ±0.5 %",
    verifyingDocument: "Formation survey",
    references: "MRTS04 cl. 17; drawing WRL-C-1110",
    method: "Survey",
    frequency: "Each 20 m",
    otherSignatureRole: "Surveyor",
  },
  {
    activity: "Capping layer placed and compacted",
    inspectionPoint: "H",
    acceptanceCriteria: "150 mm ±15 mm; relative compaction ≥ 100 % standard",
    verifyingDocument: "Compaction test report",
    references: "AS 1289.5.8.1; ARTC ETC-08-03",
    method: "Nuclear densometer and survey",
    frequency: "1 test per 250 m²",
    clientSignature: true,
  },
  {
    activity: "Erosion and sediment controls in place",
    inspectionPoint: "I",
    acceptanceCriteria: "Controls to the ESCP; silt fences intact after rain",
    verifyingDocument: "ESC inspection checklist",
    references: "MRTS51",
    method: "Visual inspection",
    frequency: "Weekly and after rain > 10 mm",
  },
  {
    activity: "As-built survey",
    inspectionPoint: "R",
    acceptanceCriteria: "Delivered in 12d format to the client",
    verifyingDocument: "As-built survey files",
    references: "Contract schedule 9",
    method: "Survey",
    frequency: "Each lot",
    otherSignatureRole: "Surveyor",
  },
];

const drainageItems: ItpItemSeed[] = [
  {
    activity: "Culvert units and pits delivered with certificates",
    inspectionPoint: "R",
    acceptanceCriteria: "Precast units to AS 1597.2; no cracks > 0.15 mm",
    verifyingDocument: "Supplier certificates; receiving inspection",
    references: "AS 1597.2; MRTS03 cl. 8",
    method: "Document review and visual inspection",
    frequency: "Each delivery",
  },
  {
    activity: "Trench excavation and foundation",
    inspectionPoint: "W",
    acceptanceCriteria: "Firm foundation; trench width to drawing; shoring to the excavation permit",
    verifyingDocument: "Excavation permit; inspection record",
    references: "MRTS03 cl. 9",
    method: "Visual inspection",
    frequency: "Each run",
  },
  {
    activity: "Bedding material and thickness",
    inspectionPoint: "C",
    acceptanceCriteria: "Type H2 bedding 100 mm minimum",
    verifyingDocument: "Layer register",
    references: "AS/NZS 3725 cl. 6",
    method: "Measurement",
    frequency: "Each run",
    subcontractorSignature: true,
  },
  {
    activity: "Culvert base slab pour",
    inspectionPoint: "H",
    acceptanceCriteria: "S32 concrete to AS 1379; reinforcement cover 50 mm",
    verifyingDocument: "Pre-pour checklist; delivery dockets",
    references: "MRTS70; AS 1379",
    method: "Joint inspection",
    frequency: "Each pour",
    clientSignature: true,
  },
  {
    activity: "Pipe laying: line and grade",
    inspectionPoint: "D",
    acceptanceCriteria: "Grade ±0.1 %; line ±25 mm",
    verifyingDocument: "Survey record",
    references: "MRTS03 cl. 10",
    method: "Laser level",
    frequency: "Each pipe",
    otherSignatureRole: "Surveyor",
  },
  {
    activity: "Joints sealed",
    inspectionPoint: "V",
    acceptanceCriteria: "Rubber ring joints homed; external bands on box culverts",
    verifyingDocument: "Inspection record",
    references: "MRTS03 cl. 10.4",
    method: "Visual inspection",
    frequency: "Each joint",
  },
  {
    activity: "Backfill compaction around the pipe",
    inspectionPoint: "H",
    acceptanceCriteria: "Relative compaction ≥ 95 % standard in 150 mm layers",
    verifyingDocument: "Compaction test report",
    references: "AS 1289.5.8.1; AS/NZS 3725",
    method: "Nuclear densometer",
    frequency: "Each 2 layers",
  },
  {
    activity: "CCTV inspection of pipes",
    inspectionPoint: "R",
    acceptanceCriteria: "No cracks, displaced joints or debris (WSA 05 grade 1)",
    verifyingDocument: "CCTV report",
    references: "WSA 05",
    method: "CCTV",
    frequency: "Each run",
  },
  {
    activity: "Scour protection at inlet and outlet",
    inspectionPoint: "I",
    acceptanceCriteria: "Rock size d50 300 mm, geotextile underlay",
    verifyingDocument: "Inspection record",
    references: "MRTS03 cl. 13",
    method: "Visual inspection",
    frequency: "Each structure",
  },
  {
    activity: "Final inspection",
    inspectionPoint: "H",
    acceptanceCriteria: "Structure clean and flowing; as-built survey delivered",
    verifyingDocument: "Joint inspection report",
    references: "Contract clause 34",
    method: "Joint walk-down",
    frequency: "Each structure",
    clientSignature: true,
  },
];

const trackItems: ItpItemSeed[] = [
  {
    activity: "Bottom ballast placed and compacted",
    inspectionPoint: "W",
    acceptanceCriteria: "150 mm compacted depth; ballast grading to AS 2758.7",
    verifyingDocument: "Ballast test certificates; layer register",
    references: "AS 2758.7; ARTC ETC-08-01",
    method: "Measurement",
    frequency: "Each 100 m",
  },
  {
    activity: "Sleeper spacing and squareness",
    inspectionPoint: "D",
    acceptanceCriteria: "600 mm ±20 mm; square to the rail within 20 mm",
    verifyingDocument: "Track inspection record",
    references: "ARTC ETC-07-02",
    method: "Measurement",
    frequency: "Each 50 m",
    subcontractorSignature: true,
  },
  {
    activity: "Rail flash-butt welds",
    inspectionPoint: "H",
    acceptanceCriteria: "Ultrasonic test clear; straightness 0.3 mm over 1 m",
    verifyingDocument: "Weld test certificates",
    references: "AS 1085.20; ARTC ETC-01-03",
    method: "Ultrasonic test and straight edge",
    frequency: "Each weld",
    clientSignature: true,
  },
  {
    activity: "Top ballast and tamping",
    inspectionPoint: "I",
    acceptanceCriteria: "Shoulder 400 mm; cribs full",
    verifyingDocument: "Tamping record",
    references: "ARTC ETC-08-01",
    method: "Visual inspection",
    frequency: "Each pass",
  },
  {
    activity: "Track geometry",
    inspectionPoint: "H",
    acceptanceCriteria: "Gauge 1435 mm +6/−3 mm; top and line to the construction tolerance table",
    verifyingDocument: "Track geometry recording",
    references: "ARTC ETC-07-01",
    method: "Track recording trolley",
    frequency: "Each 200 m",
    clientSignature: true,
  },
  {
    activity: "Rail stress adjustment (destressing)",
    inspectionPoint: "H",
    acceptanceCriteria: "Stress-free temperature 35 °C ±3 °C",
    verifyingDocument: "Destressing record",
    references: "ARTC ETC-01-01",
    method: "Tensor and temperature readings",
    frequency: "Each destressing length",
  },
  {
    activity: "Fastenings fitted",
    inspectionPoint: "V",
    acceptanceCriteria: "All clips and insulators present and seated",
    verifyingDocument: "Track inspection record",
    references: "ARTC ETC-07-02",
    method: "Visual inspection",
    frequency: "Each 50 m",
  },
  {
    activity: "Turnout installation",
    inspectionPoint: "W",
    acceptanceCriteria: "To the turnout general arrangement drawing; switch gauge checked",
    verifyingDocument: "Turnout installation record",
    references: "ARTC ETC-05-01",
    method: "Measurement",
    frequency: "Each turnout",
    otherSignatureRole: "Track engineer",
  },
  {
    activity: "As-built track survey",
    inspectionPoint: "R",
    acceptanceCriteria: "Within 10 mm of design; delivered in the client format",
    verifyingDocument: "As-built survey",
    references: "Contract schedule 9",
    method: "Survey",
    frequency: "Each section",
    otherSignatureRole: "Surveyor",
  },
  {
    activity: "Track certification",
    inspectionPoint: "H",
    acceptanceCriteria: "Track fit for the design speed of 115 km/h",
    verifyingDocument: "Track certificate",
    references: "ARTC EGP-20-01",
    method: "Joint inspection",
    frequency: "Each section",
    clientSignature: true,
  },
];

export const RAIL_QUALITY: ProjectQualitySeed = {
  customer: "Australian Rail Track Corporation",
  contractNumber: "ARTC-WRL-C-0021",
  engineerResponsible: "Alex Admin",
  supervisorResponsible: "Sione Taufa",
  locations: [section("Section 1"), section("Section 2"), section("Section 3")],
  itps: [
    {
      title: "Earthworks: embankment construction and compaction",
      status: "active",
      discipline: "Civil",
      specification: "MRTS04 General earthworks; AS 1289; ARTC ETC-08-03",
      drawings: "WRL-C-1101 to WRL-C-1140",
      description: "Embankments, cuttings and the track formation from CH 0.000 to CH 6.000.",
      items: earthworksItems,
    },
    {
      title: "Stormwater drainage: culverts, pits and pipes",
      status: "internal_review",
      discipline: "Drainage",
      specification: "MRTS03 Drainage, services and pipework; AS/NZS 3725; AS 1597.2",
      drawings: "WRL-D-1201 to WRL-D-1232",
      description: "Cross-drainage culverts and the longitudinal cess drains.",
      items: drainageItems,
    },
    {
      title: "Ballast, sleepers and rail",
      status: "draft",
      discipline: "Track",
      specification: "ARTC ETC-07-01, ETC-08-01; AS 1085",
      drawings: "WRL-T-1301 to WRL-T-1318",
      description: "Track construction on the completed formation.",
      items: trackItems,
    },
  ],
  lots: lotTable(`
Section 1 embankment fill layer 1 | Earthworks | Section 1 › Earthworks | closed/external_approved | WP-E Earthworks | Civil | CH 200-650
Section 1 embankment fill layer 2 | Earthworks | Section 1 › Earthworks | closed/qa_approved | WP-E Earthworks | Civil | CH 200-650
Section 1 embankment fill layer 3 | Earthworks | Section 1 › Earthworks | guaranteed/external_approved | WP-E Earthworks | Civil | CH 200-650
Section 1 capping layer | Earthworks | Section 1 › Earthworks | confirming/external_review | WP-E Earthworks | Civil | CH 200-650
Section 1 cess drain left | Drainage | Section 1 › Drainage | confirming/qa_approved | WP-D Drainage | Drainage | CH 0-1100
Section 1 culvert C1 base slab pour | Concrete | Section 1 › Drainage | closed/external_approved | WP-D Drainage | Drainage | CH 845-845
Section 1 bottom ballast | Track | Section 1 › Track | open/- | WP-T Track | Track | CH 0-2000
Section 1 signal footings S1–S4 | Signalling | Section 1 › Signalling | active/work_started | WP-S Signalling | Signalling | no ITP, CH 350-1900
Section 2 cutting excavation | Earthworks | Section 2 › Earthworks | confirming/qa_review | WP-E Earthworks | Civil | CH 2100-2600
Section 2 embankment fill layer 1 | Earthworks | Section 2 › Earthworks | active/qa_review | WP-E Earthworks | Civil | CH 2600-2900
Section 2 embankment fill layer 2 | Earthworks | Section 2 › Earthworks | active/engineer_review | WP-E Earthworks | Civil | CH 2600-2900
Section 2 embankment fill layer 3 | Earthworks | Section 2 › Earthworks | non_conforming/engineer_rejected | WP-E Earthworks | Civil | CH 2600-2900
Section 2 culvert C4 base slab pour | Concrete | Section 2 › Drainage | non_conforming/external_rejected | WP-D Drainage | Drainage | CH 3120-3120
Section 2 culvert C4 wingwalls | Concrete | Section 2 › Drainage | active/completed_pending_records | WP-D Drainage | Drainage | CH 3120-3120
Section 2 cess drain right | Drainage | Section 2 › Drainage | non_conforming/qa_returned | WP-D Drainage | Drainage | CH 2000-4000
Section 2 signal cable route | Signalling | Section 2 › Signalling | cancelled/- | WP-S Signalling | Signalling | no ITP, CH 2000-4000
Section 3 topsoil strip | Earthworks | Section 3 › Earthworks | active/work_started | WP-E Earthworks | Civil | CH 4000-6000
Section 3 foundation proof roll | Earthworks | Section 3 › Earthworks | open/- | WP-E Earthworks | Civil | CH 4000-5100
Section 3 culvert C7 pipes | Drainage | Section 3 › Drainage | active/completed_pending_records | WP-D Drainage | Drainage | CH 4870-4870
Section 3 turnout T1 | Track | Section 3 › Track | cancelled/- | WP-T Track | Track | CH 5400-5460
Section 3 culvert C7 headwall | Drainage | Section 3 › Drainage | non_conforming/ncr_raised | WP-D Drainage | Drainage | CH 4870-4870
`),
  equipment: [
    {
      lot: "Section 1 embankment fill layer 1",
      name: "Bomag BW 213 smooth drum roller",
      description: "12 t vibrating roller, unit R-07",
    },
    {
      lot: "Section 1 embankment fill layer 1",
      name: "Troxler 3440 nuclear densometer",
      description: "Calibrated 14 March, licence NG-2291",
    },
    {
      lot: "Section 2 embankment fill layer 3",
      name: "Water cart 18 kL",
      description: "Moisture conditioning",
    },
  ],
  relatedLots: [
    ["Section 1 embankment fill layer 1", "Section 1 embankment fill layer 2"],
    ["Section 1 embankment fill layer 2", "Section 1 embankment fill layer 3"],
    ["Section 2 culvert C4 base slab pour", "Section 2 culvert C4 wingwalls"],
  ],
  itrs: [
    {
      lot: "Section 1 embankment fill layer 1",
      title: "Compaction test results layer 1",
      fileName: "ITR-S1-fill-layer-1-compaction.pdf",
      description: "9 nuclear gauge tests, all at or above 97 % standard.",
      lines: [
        "CH 0250  offset 3 m L  RC 98.5 %  MC 78 % OMC",
        "CH 0400  offset CL     RC 97.6 %  MC 81 % OMC",
        "CH 0550  offset 2 m R  RC 99.1 %  MC 74 % OMC",
        "Tested to AS 1289.5.8.1 by Coastal Geotechnics (NATA 20113)",
      ],
    },
  ],
  dtiAudit: {
    lot: "Section 1 culvert C1 base slab pour",
    auditorName: "Mark Ellison (ARTC quality auditor)",
    reason: "Scheduled audit of the first closed drainage structure",
    comments: "Pre-pour checklist and cylinder results sighted; as-built survey attached to the lot.",
  },
};
