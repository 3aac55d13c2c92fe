/** Address of one report on the reports screen (opens its runs). */
export const reportPath = (id: string) => `/fiscus/reports?report=${encodeURIComponent(id)}`;
