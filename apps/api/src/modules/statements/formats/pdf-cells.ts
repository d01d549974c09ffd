// One table row of the statement PDF in one text object. pdfkit's text() measures a cell up to
// three times (its own width, the cursor advance, the glyph positions) and wraps each cell in its
// own graphics state; a statement writes six cells on each of 100,000 rows, so the row writer
// encodes each text once with the font pdfkit chose (the same glyphs, widths and kerning pdfkit
// would write), keeps the result of texts that recur (dates, descriptions, counterparties), and
// writes the row's cells as one BT ... ET. A cell too wide for its column still goes through
// pdfkit's wrapper, which cuts it with an ellipsis (docs/benchmarks.md, Statements).

/** The parts of pdfkit's document and standard font the row writer uses (pdfkit 0.20). */
type GlyphPosition = { xAdvance: number; advanceWidth: number; xOffset: number; yOffset: number };
type PdfFont = {
  id: string;
  ascender: number;
  ref(): unknown;
  encode(text: string): [string[], GlyphPosition[]];
};
type PdfInternals = {
  _font: PdfFont;
  _fontSize: number;
  page: { fonts: Record<string, unknown> };
  addContent(content: string): unknown;
};

/** A column; `recurring` marks texts worth remembering (dates, descriptions), not amounts or ids. */
export type CellColumn = { x: number; width: number; align: 'left' | 'right'; recurring?: boolean };
type Encoded = { operand: string; width: number } | null;

const MAX_REMEMBERED = 5_000;

function pdfNumber(value: number): string {
  return String(Math.round(value * 100) / 100);
}

export class PdfRowWriter {
  private remembered = new Map<string, Encoded>();
  private fontKey = '';

  constructor(private readonly doc: PDFKit.PDFDocument) {}

  /** Writes the cells at the row's top `y` in the current font, size and colour. */
  row(cells: readonly string[], columns: readonly CellColumn[], y: number, rowHeight: number): void {
    const internals = this.doc as unknown as PdfInternals;
    const font = internals._font;
    const size = internals._fontSize;
    const key = `${font.id}/${size}`;
    if (key !== this.fontKey) {
      this.remembered.clear();
      this.fontKey = key;
    }
    if (internals.page.fonts[font.id] == null) internals.page.fonts[font.id] = font.ref();
    // The page's user space points down (pdfkit flips it); the text matrix flips the glyphs back.
    const baseline = pdfNumber(y + (font.ascender / 1000) * size);
    let content = `BT\n/${font.id} ${pdfNumber(size)} Tf\n`;
    const wide: number[] = [];
    cells.forEach((text, index) => {
      const column = columns[index];
      if (!column || text.length === 0) return;
      const encoded = this.encode(font, size, text, column.recurring === true);
      if (!encoded || encoded.width > column.width) {
        wide.push(index);
        return;
      }
      const x = column.align === 'right' ? column.x + column.width - encoded.width : column.x;
      content += `1 0 0 -1 ${pdfNumber(x)} ${baseline} Tm\n${encoded.operand} TJ\n`;
    });
    internals.addContent(`${content}ET`);
    for (const index of wide) {
      const column = columns[index] as CellColumn;
      this.doc.text(cells[index] ?? '', column.x, y, {
        width: column.width,
        align: column.align,
        lineBreak: false,
        ellipsis: true,
        height: rowHeight,
      });
    }
  }

  /** The TJ operand and width of a text, as pdfkit's _fragment writes it; null if a glyph is offset. */
  private encode(font: PdfFont, size: number, text: string, remember: boolean): Encoded {
    const known = remember ? this.remembered.get(text) : undefined;
    if (known !== undefined) return known;
    const [hex, positions] = font.encode(text);
    const segments: string[] = [];
    let width = 0;
    let start = 0;
    let encoded: Encoded = null;
    let offset = false;
    positions.forEach((position, index) => {
      if (position.xOffset || position.yOffset) offset = true;
      width += position.xAdvance;
      const kerning = position.xAdvance - position.advanceWidth;
      if (kerning !== 0 || index === positions.length - 1) {
        segments.push(`<${hex.slice(start, index + 1).join('')}> ${pdfNumber(-kerning)}`);
        start = index + 1;
      }
    });
    if (!offset) encoded = { operand: `[${segments.join(' ')}]`, width: (width * size) / 1000 };
    if (!remember) return encoded;
    if (this.remembered.size >= MAX_REMEMBERED) this.remembered.clear();
    this.remembered.set(text, encoded);
    return encoded;
  }
}
