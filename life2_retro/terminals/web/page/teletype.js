// A Teletype Model 33 on paper, in a canvas: the page's drawing of what terminals/window/teletype.py
// draws. The paper and the carriage are data (PaperRoll, as paper.py has them); each strike is the
// character's paths from the project's own typeface (served as /typeface.json, made by the same
// code the window uses), stroked with a round pen through the ribbon, a little different each blow.
// A spot struck again and again soaks: each new blow's ink runs into the paper around the letters
// struck there before, and less of it keeps its own shape. That is the blot the listing makes of
// XXXXXX, $$$$$$ and &&&&&& and that hides the move typed onto it.
//
// The sheet is a thing in the room, as window/paper_sheet.py draws it, by its numbers (in
// /typeface.json): the room's light across it, its darker cut edges and the shadow it casts beside
// them (the "edge" effect, F5 as in the window), and its curl back over the top of the window and
// round the platen below the print line ("curl", F6). The curl's band is the flat paper's own
// rows, each window row taken from the row of paper the curl brings there.

const LINES_KEPT = 1000; // rows of paper kept to read back (some three games): a page open for days stays this size
const LINE_CANVASES = 80; // drawn lines kept ready; others are inked again from their strikes

function rgb(c, alpha = 1) { return `rgba(${c[0]},${c[1]},${c[2]},${alpha})`; }

// a small seeded generator (mulberry32): the same blows for the same page
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// what a Model 33 prints for a code: lower case as capitals, nothing outside space to underscore
export function teletypeChar(ch) {
  let code = ch.charCodeAt(0);
  if (code >= 0x60 && code < 0x7f) code -= 0x20;
  return code >= 0x20 && code < 0x60 ? String.fromCharCode(code) : "";
}

export class PaperRoll {
  constructor(face, seed = 33) {
    this.columns = face.paper.columns;
    this.bellColumn = face.paper.bell_column;
    this.random = seeded(seed);
    this.lines = [new Map()];
    this.firstRow = 0;
    this.column = 0;
    this.fresh = []; // strikes not yet inked: [row, column, strike, blows before it]
  }

  get row() { return this.firstRow + this.lines.length - 1; }

  line(row) { return this.lines[row - this.firstRow]; }

  // bytes the line delivered; what the machine did, for its sounds
  receive(text) {
    const sounds = [];
    for (const ch of text) {
      if (ch === "\r") { this.column = 0; sounds.push("return"); }
      else if (ch === "\n") { this.feed(); sounds.push("feed"); }
      else if (ch === "\x07") sounds.push("bell");
      else {
        const printed = teletypeChar(ch);
        if (printed) sounds.push(...this.strike(printed));
      }
    }
    return sounds;
  }

  strike(ch) {
    const sounds = ["print"];
    const column = Math.min(this.column, this.columns - 1); // past 72 every character strikes the last
    if (ch !== " ") {
      const r = this.random;
      const strike = { ch, ink: 0.82 + 0.18 * r(), dx: (r() - 0.5) * 0.5, dy: (r() - 0.5) * 0.4, seed: (r() * 2 ** 32) >>> 0 };
      const cells = this.lines[this.lines.length - 1];
      if (!cells.has(column)) cells.set(column, []);
      const cell = cells.get(column);
      cell.push(strike);
      this.fresh.push([this.row, column, strike, cell.length - 1]);
    }
    if (column + 1 === this.bellColumn && this.column < this.columns) sounds.push("bell");
    this.column = Math.min(this.column + 1, this.columns);
    return sounds;
  }

  feed() {
    this.lines.push(new Map());
    if (this.lines.length > LINES_KEPT) {
      const drop = this.lines.length - LINES_KEPT;
      this.lines.splice(0, drop);
      this.firstRow += drop;
    }
  }
}

function canvasOf(width, height) {
  const made = document.createElement("canvas");
  made.width = Math.max(1, width);
  made.height = Math.max(1, height);
  return made;
}

// a picture of grey rows (or columns): level(i) for each, 0 to 1, times a colour's shares
function shades(width, height, across, level, tint = [1, 1, 1]) {
  const made = canvasOf(width, height);
  const ctx = made.getContext("2d");
  const count = across ? width : height;
  for (let i = 0; i < count; i++) {
    const l = level(i);
    ctx.fillStyle = `rgb(${tint.map((t) => Math.round(255 * l * t)).join(",")})`;
    if (across) ctx.fillRect(i, 0, 1, height);
    else ctx.fillRect(0, i, width, 1);
  }
  return made;
}

function paperTile(colour, size = 256, seed = 7) {
  // off-white paper: a little grain, and short faint fibres lying mostly along the roll
  const tile = document.createElement("canvas");
  tile.width = tile.height = size;
  const ctx = tile.getContext("2d");
  const image = ctx.createImageData(size, size);
  const r = seeded(seed);
  for (let i = 0; i < size * size; i++) {
    const shade = Math.floor(r() * 10) - 5;
    image.data[i * 4] = colour[0] + shade;
    image.data[i * 4 + 1] = colour[1] + shade;
    image.data[i * 4 + 2] = colour[2] + shade;
    image.data[i * 4 + 3] = 255;
  }
  ctx.putImageData(image, 0, 0);
  ctx.lineWidth = 1;
  for (let n = 0; n < (size * size) / 900; n++) {
    const x = r() * size, y = r() * size, length = 4 + r() * 12, angle = (r() - 0.5) * 0.7;
    const shade = [-10, -8, -6, 5][Math.floor(r() * 4)];
    ctx.strokeStyle = rgb(colour.map((c) => c + shade));
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + length * Math.cos(angle), y + length * Math.sin(angle));
    ctx.stroke();
  }
  return tile;
}

export class TeletypeView {
  constructor(canvas, face, seed = 33) {
    this.canvas = canvas;
    this.face = face;
    this.p = face.paper;
    this.paper = new PaperRoll(face, seed);
    this.scrollBack = 0;
    this.canvases = new Map();
    this.tile = paperTile(this.p.paper);
    this.effects = Object.fromEntries(this.p.effects.map((name) => [name, true]));
    this.layout();
  }

  // the window's keys (teletype.py's EFFECT_KEYS): what was switched, to be said; undefined for any
  // other key. The page draws the edge and the curl; the strike, baseline and ribbon are always on.
  key(event) {
    const number = /^F(\d+)$/.exec(event.key);
    if (!number || event.shiftKey) return undefined;
    const found = this.p.keys.find(([n]) => n === Number(number[1]));
    if (!found) return undefined;
    const name = found[1];
    if (name !== "edge" && name !== "curl") return `The ${name} is always on in the page (${event.key})`;
    this.effects[name] = !this.effects[name];
    this.layout();
    return `The paper's ${name} ${this.effects[name] ? "on" : "off"} (${event.key})`;
  }

  layout() {
    const dpr = window.devicePixelRatio || 1;
    const width = Math.max(320, Math.round(this.canvas.clientWidth * dpr));
    const height = Math.max(240, Math.round(this.canvas.clientHeight * dpr));
    this.canvas.width = width;
    this.canvas.height = height;
    const p = this.p;
    this.pxPerInch = width / (p.inches + 0.7);
    this.unit = this.pxPerInch / this.face.units_per_inch;
    this.charW = this.pxPerInch / p.characters_per_inch;
    this.lineH = this.pxPerInch / p.lines_per_inch;
    this.paperW = Math.floor(this.pxPerInch * p.inches);
    this.paperX = Math.floor((width - this.paperW) / 2);
    this.margin = (this.paperW - p.columns * this.charW) / 2;
    this.headY = Math.floor(height * p.head_at);
    this.pad = Math.ceil(this.lineH * 0.5); // room in a line's canvas for ink above and below it
    this.canvases.clear();
    this.sheetLayout(width, height);
  }

  // the sheet in the room (paper_sheet.py), made once per size: the curl's rows and shade, the
  // light across the paper, the platen's shade, the edges' tint and shadows
  sheetLayout(width, height) {
    const p = this.p;
    const scale = width / 1024;
    const paperW = this.paperW;
    this.curlRows = [];
    if (this.effects.curl) {
      const band = Math.max(1, Math.round(height * p.curl_band));
      const radius = band * p.curl_radius;
      for (let y = 0; y < band; y++) this.curlRows.push(band - radius * Math.asin(Math.min(1, (band - y) / radius)));
      this.curlShade = shades(paperW, band, false, (y) => {
        const angle = Math.asin(Math.min(1, (band - y) / radius));
        const level = p.curl_shade + (1 - p.curl_shade) * Math.cos(angle) ** 2;
        return band - y <= 2 ? Math.min(1, level + 0.02) : level;
      });
      const below = Math.max(1, height - Math.round(this.headY + this.lineH * 0.9));
      const [atOnce, byTheFoot] = p.platen_shade;
      this.platen = shades(paperW, below, false, (y) => {
        const t = y / Math.max(1, below - 1);
        return 1 - atOnce * Math.min(1, y / 6) - byTheFoot * t ** 1.4;
      }, [1, 253 / 255, 250 / 255]);
    }
    // rows of paper above the window that the curl rolls into view
    this.above = Math.ceil(-Math.min(0, ...this.curlRows)) + 1;
    this.sheet = canvasOf(paperW, height + this.above);
    this.pattern = this.sheet.getContext("2d").createPattern(this.tile, "repeat");
    if (this.effects.edge) {
      const [left, leftReach, right, rightFrom] = p.light_across;
      this.across = shades(paperW, 1, true, (x) => {
        const t = x / Math.max(1, paperW - 1);
        return 1 - (left * Math.max(0, leftReach - t)) / leftReach - (right * Math.max(0, t - rightFrom)) / (1 - rightFrom);
      }, [1, 254 / 255, 252 / 255]);
      const tintW = Math.max(2, Math.round(p.edge_width * scale));
      this.edgeTint = canvasOf(tintW, 1);
      const ctx = this.edgeTint.getContext("2d");
      for (let x = 0; x < tintW; x++) {
        const t = 1 - x / tintW; // 1 at the very edge
        ctx.fillStyle = `rgb(${p.edge_tint.map((less) => Math.round(255 - less * t)).join(",")})`;
        ctx.fillRect(x, 0, 1, 1);
      }
      const rightW = Math.max(3, Math.round(p.shadow * scale));
      this.shadows = [[Math.max(2, rightW >> 1), p.shadow_alpha[0], -1], [rightW, p.shadow_alpha[1], 1]];
    }
  }

  receive(text) {
    const events = this.paper.receive(text);
    if (this.scrollBack) this.scroll(-this.scrollBack);
    return events;
  }

  scroll(lines) {
    const oldest = this.paper.row - this.paper.firstRow;
    this.scrollBack = Math.max(0, Math.min(oldest, this.scrollBack + lines));
  }

  lineCanvas(row) {
    let drawn = this.canvases.get(row);
    if (drawn) return drawn;
    drawn = document.createElement("canvas");
    drawn.width = this.paperW;
    drawn.height = Math.ceil(this.lineH + 2 * this.pad);
    const cells = this.paper.line(row);
    if (cells) {
      const ctx = drawn.getContext("2d");
      for (const [column, strikes] of cells) {
        strikes.forEach((strike, blows) => this.ink(ctx, row, column, strike, strikes.slice(0, blows)));
      }
    }
    this.canvases.set(row, drawn);
    if (this.canvases.size > LINE_CANVASES) {
      const far = [...this.canvases.keys()].sort((a, b) => Math.abs(b - this.paper.row) - Math.abs(a - this.paper.row));
      this.canvases.delete(far[0]);
    }
    return drawn;
  }

  // one blow's ink on its line's canvas; on a spot struck before, its ink runs into the wet paper
  ink(ctx, row, column, strike, before) {
    const p = this.p;
    if (before.length >= p.blows_inked) return;
    // the blow's darkness: its ink, the worn type's share, this blow's force, and the ribbon's
    // ink along the line (type_wear.py)
    const face = this.face.faces[strike.ch] || { force: 1, rise: 0, drift: 0 };
    const blow = 0.76 + 0.24 * seeded(strike.seed ^ 0x5eed)();
    const depth = 0.2 + 0.13 * seeded(row * 7919 + 33)();
    const ribbon = 1 - depth * Math.pow(column / (p.columns - 1), 1.3);
    const darkness = strike.ink * face.force * blow * ribbon;
    const force = (darkness >= p.force_steps[0]) + (darkness >= p.force_steps[1]);
    // the cloth lets through between its least (p.mottle) and all of the ink: on average, half way
    const alpha = Math.min(1, p.ink_alpha[0] + p.ink_alpha[1] * darkness) * (1 + p.mottle[force]) / 2;
    const pen = this.face.pen * p.forces[force];
    const offset = this.unit * 100 / 64; // the blows' offsets are in 64ths of an inch
    const x = this.margin + column * this.charW + p.body_left * this.unit + (strike.dx + face.drift) * offset;
    const y = this.pad + p.capital_top * this.unit + (strike.dy + face.rise) * offset;
    const soaked = before.length;
    if (soaked) {
      // the spread: the letters struck here before, wider and blurred, darker with each blow
      const spread = p.spreads[Math.min(soaked, 2) - 1];
      ctx.save();
      ctx.filter = `blur(${(spread * this.unit * 0.6).toFixed(2)}px)`;
      for (const earlier of [...before, strike]) {
        this.stroke(ctx, earlier.ch, x, y, pen + 2 * spread, rgb(p.ink, alpha * p.spread_ink[Math.min(soaked, 2) - 1] * 0.45));
      }
      ctx.restore();
    }
    // the fuzz: ink wicked into the fibres past the letter's edge
    this.stroke(ctx, strike.ch, x, y, pen + 2 * p.fringe, rgb(p.ink, alpha * p.fringe_ink * 0.35));
    const kept = soaked ? p.soaked_letter[Math.min(soaked, 3) - 1] : 1;
    this.stroke(ctx, strike.ch, x, y, pen, rgb(p.ink, alpha * kept));
  }

  stroke(ctx, ch, x, y, pen, style) {
    const paths = this.face.glyphs[ch];
    if (!paths) return;
    const u = this.unit;
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.lineWidth = pen * u;
    ctx.strokeStyle = style;
    ctx.fillStyle = style;
    ctx.beginPath();
    for (const path of paths) {
      if (path.length === 1) continue; // a dot: struck a little wider, below
      ctx.moveTo(x + path[0][0] * u, y + path[0][1] * u);
      for (let i = 1; i < path.length; i++) ctx.lineTo(x + path[i][0] * u, y + path[i][1] * u);
    }
    ctx.stroke();
    for (const path of paths) {
      if (path.length !== 1) continue;
      ctx.beginPath();
      ctx.arc(x + path[0][0] * u, y + path[0][1] * u, (pen * u * this.face.dot) / 2, 0, 2 * Math.PI);
      ctx.fill();
    }
  }

  rowTop(row) {
    return this.headY - (this.paper.row - row - this.scrollBack) * this.lineH - this.p.capital_top * this.unit;
  }

  draw() {
    const paper = this.paper;
    for (const [row, column, strike, blows] of paper.fresh) {
      const drawn = this.canvases.get(row);
      const cells = paper.line(row);
      if (drawn && cells) this.ink(drawn.getContext("2d"), row, column, strike, cells.get(column).slice(0, blows));
    }
    paper.fresh = [];
    const ctx = this.canvas.getContext("2d");
    const { width, height } = this.canvas;
    // the flat paper, with the rows above the window that the curl shows, on the sheet's canvas
    const sheet = this.sheet.getContext("2d");
    const above = this.above;
    const shift = ((paper.row - this.scrollBack) * this.lineH) % this.tile.height;
    this.pattern.setTransform(new DOMMatrix([1, 0, 0, 1, 0, above - shift]));
    sheet.globalCompositeOperation = "source-over";
    sheet.fillStyle = this.pattern;
    sheet.fillRect(0, 0, this.paperW, this.sheet.height);
    const rowsAbove = Math.ceil((this.headY + above) / this.lineH) + 2;
    const below = Math.ceil((height - this.headY) / this.lineH) + 1;
    const current = paper.row - this.scrollBack;
    for (let row = current - rowsAbove; row <= current + below; row++) {
      if (row < paper.firstRow || row > paper.row) continue;
      sheet.drawImage(this.lineCanvas(row), 0, Math.round(this.rowTop(row) - this.pad) + above);
    }
    if (this.effects.edge) {
      sheet.globalCompositeOperation = "multiply";
      sheet.drawImage(this.across, 0, 0, this.paperW, this.sheet.height);
    }
    // on the desk: the sheet flat below the curl's band, and the band's rows from the paper the
    // curl brings into view there, shaded as they turn from the light
    ctx.fillStyle = rgb(this.p.desk);
    ctx.fillRect(0, 0, width, height);
    const band = this.curlRows.length;
    ctx.drawImage(this.sheet, 0, above + band, this.paperW, height - band, this.paperX, band, this.paperW, height - band);
    for (let y = 0; y < band; y++) {
      ctx.drawImage(this.sheet, 0, Math.round(this.curlRows[y]) + above, this.paperW, 1, this.paperX, y, this.paperW, 1);
    }
    if (band) {
      ctx.globalCompositeOperation = "multiply";
      ctx.drawImage(this.curlShade, this.paperX, 0);
      ctx.globalCompositeOperation = "source-over";
    }
    this.drawHead(ctx);
    // below the print line: the paper bending back round the platen, or its plain shadow
    const platen = Math.round(this.headY + this.lineH * 0.9);
    if (this.effects.curl) {
      ctx.globalCompositeOperation = "multiply";
      ctx.drawImage(this.platen, this.paperX, platen);
      ctx.globalCompositeOperation = "source-over";
    } else {
      ctx.fillStyle = "rgba(0,0,0,0.086)";
      ctx.fillRect(this.paperX, platen, this.paperW, height - platen);
    }
    const right = this.paperX + this.paperW;
    if (this.effects.edge) {
      // the cut edges, a shade darker and warmer, and the shadow the sheet casts beside them
      ctx.globalCompositeOperation = "multiply";
      const tintW = this.edgeTint.width;
      ctx.drawImage(this.edgeTint, this.paperX, 0, tintW, height);
      ctx.save();
      ctx.translate(right, 0);
      ctx.scale(-1, 1);
      ctx.drawImage(this.edgeTint, 0, 0, tintW, height);
      ctx.restore();
      ctx.globalCompositeOperation = "source-over";
      for (const [reach, alpha, direction] of this.shadows) {
        const x = direction < 0 ? this.paperX : right;
        const gradient = ctx.createLinearGradient(x, 0, x + direction * reach, 0);
        for (let i = 0; i <= 4; i++) gradient.addColorStop(i / 4, `rgba(0,0,0,${((alpha / 255) * (1 - i / 4) ** 2).toFixed(4)})`);
        ctx.fillStyle = gradient;
        ctx.fillRect(Math.min(x, x + direction * reach), 0, reach, height);
      }
    } else {
      ctx.fillStyle = "rgb(200,190,176)";
      ctx.fillRect(this.paperX, 0, 1, height);
      ctx.fillRect(right - 1, 0, 1, height);
    }
  }

  drawHead(ctx) {
    if (this.scrollBack) return;
    const column = Math.min(this.paper.column, this.p.columns - 1);
    const x = Math.round(this.paperX + this.margin + column * this.charW);
    const y = Math.round(this.rowTop(this.paper.row));
    const w = Math.round(this.charW), h = Math.round(this.lineH);
    const padX = Math.max(2, Math.round(this.unit * 2.7)), padY = Math.max(3, Math.round(this.unit * 3.6));
    const rim = Math.max(2, Math.round(this.unit * 1.8));
    ctx.fillStyle = "rgba(30,30,34,0.275)";
    ctx.beginPath();
    ctx.roundRect(x - padX, y - padY, w + 2 * padX, h + 2 * padY, rim * 1.5);
    ctx.fill();
    ctx.lineWidth = rim;
    ctx.strokeStyle = "rgba(20,20,24,0.63)";
    ctx.beginPath();
    ctx.roundRect(x - padX + rim / 2, y - padY + rim / 2, w + 2 * padX - rim, h + 2 * padY - rim, rim * 1.5);
    ctx.stroke();
    ctx.strokeStyle = "rgb(90,20,20)"; // the ribbon under the type box
    ctx.beginPath();
    ctx.moveTo(x - padX, y + h + padY);
    ctx.lineTo(x + w + padX, y + h + padY);
    ctx.stroke();
  }
}
