/** One colour per compared strategy, in column order (charts, headers, fate cells agree). */
export const COLUMN_COLORS = [
  '#2563eb',
  '#db2777',
  '#059669',
  '#d97706',
  '#7c3aed',
  '#0891b2',
  '#dc2626',
  '#4d7c0f',
] as const;

export const columnColor = (i: number): string => COLUMN_COLORS[i % COLUMN_COLORS.length] as string;

export const BASELINE_COLOR = '#94a3b8';
