import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Locale } from '../../../src/domain';
import { DATE_FORMAT, EXPORT_COLUMNS, moneyFormat, SHEET_NAME, type ExportLine } from './exportColumns';

/** An export's workbook being written into `stream` by exceljs's streaming writer. */
export interface OpenWorkbook {
  /** Puts the rows in the sheet (their XML goes to the zip as they come). */
  write: (lines: ExportLine[]) => void;
  /** Finishes the file; resolves once its last byte is in the stream. */
  end: () => Promise<void>;
}

type Style = Partial<ExcelJS.Style>;

/**
 * Writes the export's sheet with exceljs's streaming writer. Every cell of a column gets the
 * same style object: exceljs remembers the style id of an object it has seen, while a cell's
 * own style (each new cell has a fresh one) is looked up again from its XML, which was the
 * writer's largest cost after the sheet's XML itself. The styles are the same as a cell's own
 * would be, so the file is too.
 */
export function openWorkbook(stream: Writable, locale: Locale): OpenWorkbook {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(SHEET_NAME[locale], { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = EXPORT_COLUMNS.map((c) => ({
    key: c.key,
    header: c.header[locale],
    width: c.width,
    ...(c.kind === 'date' ? { style: { numFmt: DATE_FORMAT } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };

  // Each column's one style object; money columns have one per currency.
  const moneyStyles = new Map<string, Style[]>();
  const plainStyles: Style[] = EXPORT_COLUMNS.map((c) => (c.kind === 'date' ? { numFmt: DATE_FORMAT } : {}));
  const stylesFor = (currency: string): Style[] => {
    let styles = moneyStyles.get(currency);
    if (!styles) {
      const numFmt = moneyFormat(currency);
      styles = EXPORT_COLUMNS.map((c, index) => (c.kind === 'money' ? { numFmt } : plainStyles[index]));
      moneyStyles.set(currency, styles);
    }
    return styles;
  };

  return {
    write: (lines) => {
      for (const line of lines) {
        const row = sheet.addRow(line.values);
        const styles = stylesFor(line.currency);
        for (let index = 0; index < styles.length; index++) row.getCell(index + 1).style = styles[index];
        row.commit();
      }
    },
    end: async () => {
      sheet.commit();
      await workbook.commit();
    },
  };
}
