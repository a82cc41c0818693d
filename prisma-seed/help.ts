import type { EntityManager } from "@mikro-orm/postgresql";
import type { HelpSection } from "~/modules/help/domain/help-sections";
import { HelpArticle } from "~/modules/help/entities";
import type { IUser } from "~/server/db/entities";

type HelpSeed = {
  section: HelpSection;
  titleEn: string;
  bodyEn: string;
  /** Several articles are translated, so a Vietnamese reader sees both the translation and the English fallback. */
  titleVi?: string;
  bodyVi?: string;
};

/** The help panel's demo articles: how to use each module, at least one per section. */
const ARTICLES: HelpSeed[] = [
  // Cost and Commercial
  {
    section: "cnc",
    titleEn: "The head contract and its progress claims",
    bodyEn:
      "Cost and Commercial › Upstream holds the contract with the client: its code, client, type, contract sum, jurisdiction, retention and payment terms.\n\nEach billing period you prepare a progress claim on the head contract. SiteProof works out the security-of-payment dates from the contract's jurisdiction and payment terms, and shows the claims that are due or overdue.\n\nRecord the forecast and actual revenue per month on the Revenue tab, and send requests for approval (RFAs) to the client from the same page.",
    titleVi: "Hợp đồng chính và các đợt thanh toán",
    bodyVi:
      "Chi phí và Thương mại › Upstream lưu hợp đồng với chủ đầu tư: mã, chủ đầu tư, loại hợp đồng, giá trị hợp đồng, khu vực pháp lý, tiền giữ lại và điều khoản thanh toán.\n\nMỗi kỳ thanh toán, bạn lập một đợt đề nghị thanh toán trên hợp đồng chính. SiteProof tính các mốc thời hạn theo luật thanh toán từ khu vực pháp lý và điều khoản thanh toán của hợp đồng, và hiển thị các đợt đã đến hạn hoặc quá hạn.\n\nGhi doanh thu dự báo và thực tế theo tháng ở thẻ Doanh thu, và gửi yêu cầu phê duyệt (RFA) cho chủ đầu tư ngay trên trang đó.",
  },
  {
    section: "cnc",
    titleEn: "Subcontracts and their payment claims",
    bodyEn:
      "Cost and Commercial › Downstream lists the subcontracts let to companies. Open a subcontract to see its claims, variations, back charges and securities.\n\nApproved dockets of the subcontractor flow into its next payment claim, so the claimed work matches what was signed on site. Check each claim, set the certified amount and the dates, and the retention is worked out from the subcontract's terms.",
  },
  {
    section: "cnc",
    titleEn: "The commercial calendar and reminders",
    bodyEn:
      "The calendar shows the commercial deadlines of the project: claim dates, security-of-payment deadlines and your own tasks.\n\nAdd a task for a colleague with a due date, or set a recurring reminder (weekly or monthly) that e-mails the people you choose from one of the project's e-mail templates. You can also upload a calendar file to add its events.",
  },
  // Quality
  {
    section: "qualities",
    titleEn: "Lots: from creation to closure",
    bodyEn:
      "A lot is a piece of work that is built, inspected and closed, such as a footing pour or a length of pavement.\n\n1. Create the lot (Quality › Lots › Create) at its location and assign an active ITP.\n2. Record each ITP item's check as conforming, non-conforming or not applicable, and upload the ITRs.\n3. Submit the lot: it goes to the Project Engineer, then QA, then the client, and is closed. A rejection sends it back as non-conforming with the reason.\n\nUse Download Lot to build the lot dossier PDF with every check, release, signature and photo.",
    titleVi: "Lot: từ khi tạo đến khi đóng",
    bodyVi:
      "Lot là một phần công việc được thi công, kiểm tra và đóng lại, ví dụ một lần đổ bê tông móng hay một đoạn mặt đường.\n\n1. Tạo lot (Chất lượng › Lot › Tạo mới) tại vị trí của nó và gán một ITP đang hiệu lực.\n2. Ghi kết quả kiểm tra từng mục của ITP là đạt, không đạt hoặc không áp dụng, và tải lên các ITR.\n3. Gửi lot: lot đi qua Kỹ sư dự án, rồi QA, rồi chủ đầu tư, và được đóng. Nếu bị từ chối, lot quay lại trạng thái không phù hợp kèm lý do.\n\nDùng Tải lot để tạo hồ sơ PDF của lot với mọi kết quả kiểm tra, lần nghiệm thu, chữ ký và ảnh.",
  },
  {
    section: "qualities",
    titleEn: "Hold points and witness points",
    bodyEn:
      "A hold point stops the work until it is released; a witness point is notified so that someone may come and watch, but work can go on.\n\nThe Quality › HP/WP register lists every point of the project with its state. Send the release request to the client: they can release the point through the e-mailed link without an account, and sign it on their phone. A released hold point unlocks the next steps of its lot.",
  },
  {
    section: "qualities",
    titleEn: "Raising and closing an NCR",
    bodyEn:
      "Raise a non-conformance report when work does not meet the specification: describe what is wrong, where, and link the lot.\n\nAgree the disposition (rework, repair, use as is or reject) and the corrective action, then close the NCR once the fix is verified. The NCR's activity log keeps who did what and when.",
  },
  // Operation
  {
    section: "operate",
    titleEn: "Writing the day's site diary",
    bodyEn:
      "Open Operation › Site diaries and choose Open today's diary (for the whole project or one place on site).\n\nFill in the weather, the crews and their hours, delays, the plant on site, meetings, notes, issues and photos. The day's records from the other modules (incidents, plant, dockets) appear in their own sections.\n\nSubmit the diary when the day is done; the Project Engineer reviews and approves it. Diaries not submitted within the due days show as overdue on the overview.",
    titleVi: "Viết nhật ký công trường trong ngày",
    bodyVi:
      "Mở Vận hành › Nhật ký công trường và chọn Mở nhật ký hôm nay (cho cả dự án hoặc một vị trí trên công trường).\n\nĐiền thời tiết, các tổ đội và số giờ làm, các chậm trễ, máy móc trên công trường, cuộc họp, ghi chú, vấn đề và ảnh. Các hồ sơ trong ngày của những phân hệ khác (sự cố, máy móc, phiếu công) hiện ở mục riêng.\n\nGửi nhật ký khi hết ngày; Kỹ sư dự án xem xét và phê duyệt. Nhật ký không được gửi trong số ngày quy định sẽ hiện là quá hạn ở trang tổng quan.",
  },
  {
    section: "operate",
    titleEn: "Who is on site: In/Out",
    bodyEn:
      "Operation › In/Out shows who is on site now and who was there on each day.\n\nWorkers sign in when they arrive and sign out when they leave, at the gate or from the office. The list helps with the daily head count, the site diary's labour section and an emergency roll call.",
  },
  // Plant and machinery
  {
    section: "plant-and-machinery",
    titleEn: "Registering a plant item",
    bodyEn:
      "Open Plant › Plant register and choose Register plant. Enter the make, model, registration or serial number, the owner company, a description and the on-hire date.\n\nAdd its documents (registration, insurance, service record, operator licence) with their expiry dates, then submit it for review. Once approved it is active: it counts as on site between its on-hire and off-hire dates.",
    titleVi: "Đăng ký một máy móc",
    bodyVi:
      "Mở Máy móc › Sổ máy móc và chọn Đăng ký máy. Nhập hãng, mẫu máy, biển số hoặc số sê-ri, công ty sở hữu, mô tả và ngày bắt đầu thuê.\n\nThêm các giấy tờ (đăng ký, bảo hiểm, sổ bảo dưỡng, chứng chỉ người vận hành) kèm ngày hết hạn, rồi gửi để xem xét. Khi được phê duyệt, máy ở trạng thái hoạt động: máy được tính là có mặt trên công trường từ ngày bắt đầu đến ngày kết thúc thuê.",
  },
  {
    section: "plant-and-machinery",
    titleEn: "Documents and expiry warnings",
    bodyEn:
      "Every plant document may have an expiry date. The register's filters show plant with documents expiring soon or already expired, and the people who keep plant records are told each day (the warning window is set in Plant › Settings).\n\nWhen a document is renewed, add the new one with its new expiry date and remove the old one.",
  },
  {
    section: "plant-and-machinery",
    titleEn: "Pre-start checks and inspections",
    bodyEn:
      "The operator records a pre-start check every shift from the plant item's page: each checklist item passes, fails or is not applicable, with a comment. One failed item fails the check, and the people who approve plant are told.\n\nInspections by a competent person are recorded with the date, the inspector, the result, the next one due and notes.",
  },
  // Rostering
  {
    section: "help-panel-roster",
    titleEn: "Rostering: allocation, rosters and crews",
    bodyEn:
      "Rostering plans who works when. Allocation sets how many people of each rostering role the project needs; Roster management builds the single roster of each person and the composition roster of the whole team.\n\nKeep crews and personnel up to date under Crew and Personnel management, and book rooms under Accommodation management. Templates let you start a new roster, crew or accommodation from one you have used before.",
  },
  // Safety
  {
    section: "safe",
    titleEn: "Raising and closing a safety action",
    bodyEn:
      "Raise an action for anything that must be done to make the site safe: give it a title, a description, a risk ranking, the person it is assigned to, watchers and a due date, and add photos as evidence.\n\nThe assignee starts and completes it; its creator or a manager then closes it, or sends it back with a reason. Everyone involved is told at each step, and the activity log keeps the history.",
    titleVi: "Tạo và đóng một hành động an toàn",
    bodyVi:
      "Tạo một hành động cho bất cứ việc gì cần làm để công trường an toàn: nhập tiêu đề, mô tả, mức rủi ro, người được giao, người theo dõi và hạn hoàn thành, và thêm ảnh làm bằng chứng.\n\nNgười được giao bắt đầu và hoàn thành hành động; sau đó người tạo hoặc quản lý đóng lại, hoặc trả lại kèm lý do. Mọi người liên quan đều được thông báo ở từng bước, và nhật ký hoạt động lưu lại toàn bộ lịch sử.",
  },
  {
    section: "safe",
    titleEn: "Reporting an incident",
    bodyEn:
      "Report an incident as soon as it is safe to do so: what happened, where and when, who was involved and any injury, with photos.\n\nThe HSSE manager investigates, records the causes and raises the actions that prevent it happening again. Serious incidents are flagged for notification to the regulator.",
  },
  {
    section: "safe",
    titleEn: "Toolbox talks, permits and SWMS",
    bodyEn:
      "Run a toolbox talk (or a pre-start talk) before work starts: record the topics and have every attendee sign.\n\nHigh-risk work needs a permit (hot work, confined space, work at height) approved before it starts, and a safe work method statement (SWMS) reviewed and signed off. Subcontractors can see and sign the SWMS that apply to them.",
  },
  // Settings
  {
    section: "settings",
    titleEn: "Inviting members and giving them roles",
    bodyEn:
      "Project settings › Members lists everyone in the project. Choose Invite member to add up to 100 e-mail addresses at once, with their role in the product, their ACC role and their company.\n\nA role decides what a member may see and do in each module. Change a member's role or company from their page, resend an invitation, or remove them from the project.",
    titleVi: "Mời thành viên và gán vai trò",
    bodyVi:
      "Cài đặt dự án › Thành viên liệt kê mọi người trong dự án. Chọn Mời thành viên để thêm tối đa 100 địa chỉ e-mail một lần, kèm vai trò trong sản phẩm, vai trò ACC và công ty của họ.\n\nVai trò quyết định thành viên được xem và làm gì trong từng phân hệ. Đổi vai trò hoặc công ty của thành viên trên trang của họ, gửi lại lời mời, hoặc xóa họ khỏi dự án.",
  },
  {
    section: "settings",
    titleEn: "Switching modules on and off",
    bodyEn:
      "Project settings › Modules lists the modules a project can use. Switch off those the project does not need: their pages and menu entries disappear for everyone in the project, and nothing they hold is deleted. Core modules, such as Home, the project settings and this help, are always on.",
  },
  {
    section: "settings",
    titleEn: "Global roles and writing the help",
    bodyEn:
      "Global settings are for the administrators of the whole product: every user, the product roles, companies, resources and the security events.\n\nA user's global role decides which global pages they may open. Give a role the Help articles permissions (create, edit, delete) and its holders can add and edit these help articles, in English and, if they wish, in Vietnamese and Australian English.",
  },
];

/** The help panel's articles, written by the demo's administrator. Returns how many were added. */
export async function seedHelpDemo(em: EntityManager, options: { by: IUser }): Promise<number> {
  const positions = new Map<HelpSection, number>();
  for (const seed of ARTICLES) {
    const position = (positions.get(seed.section) ?? 0) + 1;
    positions.set(seed.section, position);
    em.create(HelpArticle, {
      section: seed.section,
      position,
      titleEn: seed.titleEn,
      bodyEn: seed.bodyEn,
      titleVi: seed.titleVi ?? null,
      bodyVi: seed.bodyVi ?? null,
      titleAu: null,
      bodyAu: null,
      createdBy: options.by,
      updatedBy: options.by,
    } as never);
  }
  await em.flush();
  return ARTICLES.length;
}
