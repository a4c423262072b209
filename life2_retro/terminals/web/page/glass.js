// A glass terminal of the 1970s in a canvas, 80 columns by 24 rows: what terminals/window/crt.py
// shows. The screen is data (GlassScreen, as screen.py has it); each character is the 5x7 dots
// of the project's own character generator (window/font.py, served in /typeface.json), each dot
// lit in the phosphor's colour with a soft glow, on a dark tube with its scan lines. Nothing typed
// at a hidden prompt is shown: a glass terminal's screen would not hide it under a blot.

export class GlassScreen {
  constructor(columns = 80, rows = 24) {
    this.columns = columns;
    this.rows = rows;
    this.cells = Array.from({ length: rows }, () => Array(columns).fill(" "));
    this.row = 0;
    this.column = 0;
  }

  text() { return this.cells.map((r) => r.join("")); }

  receive(text) {
    const sounds = [];
    for (const ch of text) {
      const code = ch.charCodeAt(0) & 0x7f;
      if (code === 0x0d) this.column = 0;
      else if (code === 0x0a) this.lineFeed();
      else if (code === 0x08) this.column = Math.max(0, this.column - 1);
      else if (code === 0x07) sounds.push("bell");
      else if (code >= 0x20 && code < 0x7f) {
        if (this.column >= this.columns) { this.column = 0; this.lineFeed(); }
        this.cells[this.row][this.column] = String.fromCharCode(code);
        this.column += 1;
      }
    }
    return sounds;
  }

  lineFeed() {
    if (this.row + 1 < this.rows) this.row += 1;
    else { this.cells.shift(); this.cells.push(Array(this.columns).fill(" ")); }
  }
}

export class GlassView {
  constructor(canvas, face, colour) {
    this.canvas = canvas;
    this.dots = face.dots;
    this.colour = colour || [70, 255, 110];
    this.screen = new GlassScreen();
    this.blink = 0;
    this.layout();
  }

  layout() {
    const dpr = window.devicePixelRatio || 1;
    const width = Math.max(320, Math.round(this.canvas.clientWidth * dpr));
    const height = Math.max(240, Math.round(this.canvas.clientHeight * dpr));
    this.canvas.width = width;
    this.canvas.height = height;
    // the tube's face is 4:3, as large as the page allows
    const face = Math.min(width / 4, height / 3);
    this.faceW = face * 4 * 0.92;
    this.faceH = face * 3 * 0.92;
    this.faceX = (width - this.faceW) / 2;
    this.faceY = (height - this.faceH) / 2;
    this.cellW = (this.faceW * 0.94) / this.screen.columns;
    this.cellH = (this.faceH * 0.92) / this.screen.rows;
    this.textX = this.faceX + this.faceW * 0.03;
    this.textY = this.faceY + this.faceH * 0.04;
    this.glyphs = new Map();
    this.changed = true;
  }

  receive(text) {
    this.changed = true;
    return this.screen.receive(text);
  }

  scroll() {}

  glyph(ch) {
    let drawn = this.glyphs.get(ch);
    if (drawn) return drawn;
    const dots = this.dots.glyphs[ch] || [];
    const pitchX = this.cellW / (this.dots.width + 1);
    const pitchY = (this.cellH * 0.72) / this.dots.height;
    const glow = Math.max(1, pitchX * 0.9);
    drawn = document.createElement("canvas");
    drawn.width = Math.ceil(this.cellW + 4 * glow);
    drawn.height = Math.ceil(this.cellH + 4 * glow);
    const ctx = drawn.getContext("2d");
    const [r, g, b] = this.colour;
    ctx.shadowColor = `rgba(${r},${g},${b},0.9)`;
    ctx.shadowBlur = glow * 1.6;
    const core = this.colour.map((c) => Math.round(c + (255 - c) * 0.3));
    ctx.fillStyle = `rgb(${core[0]},${core[1]},${core[2]})`;
    for (const [column, row] of dots) {
      const x = 2 * glow + (column + 0.5) * pitchX;
      const y = 2 * glow + this.cellH * 0.05 + (row + 0.5) * pitchY;
      ctx.beginPath();
      ctx.ellipse(x, y, pitchX * 0.55, pitchY * 0.42, 0, 0, 2 * Math.PI);
      ctx.fill();
    }
    this.glyphs.set(ch, drawn);
    return drawn;
  }

  // the characters alone, drawn again only when the screen changed; their bloom is a blurred copy
  text() {
    const { width, height } = this.canvas;
    if (!this.textLayer || this.textLayer.width !== width || this.textLayer.height !== height) {
      this.textLayer = document.createElement("canvas");
      this.bloomLayer = document.createElement("canvas");
      this.textLayer.width = this.bloomLayer.width = width;
      this.textLayer.height = this.bloomLayer.height = height;
      this.changed = true;
    }
    if (!this.changed) return;
    this.changed = false;
    const ctx = this.textLayer.getContext("2d");
    ctx.clearRect(0, 0, width, height);
    const pad = Math.max(1, (this.cellW / 6) * 0.9) * 2;
    const screen = this.screen;
    for (let row = 0; row < screen.rows; row++) {
      for (let column = 0; column < screen.columns; column++) {
        const ch = screen.cells[row][column];
        if (ch !== " ") ctx.drawImage(this.glyph(ch), this.textX + column * this.cellW - pad, this.textY + row * this.cellH - pad);
      }
    }
    const bloom = this.bloomLayer.getContext("2d");
    bloom.clearRect(0, 0, width, height);
    bloom.filter = `blur(${Math.max(2, this.cellW * 0.6).toFixed(1)}px)`;
    bloom.drawImage(this.textLayer, 0, 0);
    bloom.filter = "none";
  }

  draw() {
    const ctx = this.canvas.getContext("2d");
    const { width, height } = this.canvas;
    const [r, g, b] = this.colour;
    ctx.fillStyle = "#1b1a18";
    ctx.fillRect(0, 0, width, height);
    // the bezel: a dark moulding around the tube, lit from above
    const rim = this.faceH * 0.06;
    const bezel = ctx.createLinearGradient(0, this.faceY - rim, 0, this.faceY + this.faceH + rim);
    bezel.addColorStop(0, "#4a4744");
    bezel.addColorStop(1, "#1f1d1b");
    ctx.fillStyle = bezel;
    ctx.beginPath();
    ctx.roundRect(this.faceX - rim, this.faceY - rim, this.faceW + 2 * rim, this.faceH + 2 * rim, this.faceH * 0.1);
    ctx.fill();
    // the tube: dark glass, a little lighter in the middle, the phosphor's tint in it
    const glass = ctx.createRadialGradient(width / 2, height / 2, this.faceH * 0.1, width / 2, height / 2, this.faceW * 0.62);
    glass.addColorStop(0, `rgb(${10 + r * 0.04},${12 + g * 0.04},${11 + b * 0.04})`);
    glass.addColorStop(1, "rgb(3,4,4)");
    ctx.fillStyle = glass;
    ctx.beginPath();
    ctx.roundRect(this.faceX, this.faceY, this.faceW, this.faceH, this.faceH * 0.06);
    ctx.fill();
    this.text();
    ctx.save();
    ctx.clip();
    ctx.globalCompositeOperation = "lighter";
    ctx.globalAlpha = 0.55;
    ctx.drawImage(this.bloomLayer, 0, 0);
    ctx.globalAlpha = 1;
    ctx.drawImage(this.textLayer, 0, 0);
    ctx.globalCompositeOperation = "source-over";
    const screen = this.screen;
    // the cursor, blinking
    this.blink = (this.blink + 1) % 60;
    if (this.blink < 36) {
      ctx.fillStyle = `rgba(${r},${g},${b},0.8)`;
      const column = Math.min(screen.column, screen.columns - 1);
      ctx.fillRect(this.textX + column * this.cellW, this.textY + screen.row * this.cellH + this.cellH * 0.8, this.cellW * 0.85, Math.max(2, this.cellH * 0.08));
    }
    // the scan lines, the edges of the tube falling dark, and a faint reflection of the room
    ctx.fillStyle = "rgba(0,0,0,0.22)";
    const line = Math.max(2, Math.round(this.cellH / 9));
    for (let y = Math.round(this.faceY); y < this.faceY + this.faceH; y += line * 2) ctx.fillRect(this.faceX, y, this.faceW, line);
    const edge = ctx.createRadialGradient(width / 2, height / 2, this.faceH * 0.45, width / 2, height / 2, this.faceW * 0.6);
    edge.addColorStop(0, "rgba(0,0,0,0)");
    edge.addColorStop(1, "rgba(0,0,0,0.55)");
    ctx.fillStyle = edge;
    ctx.fillRect(this.faceX, this.faceY, this.faceW, this.faceH);
    const shine = ctx.createLinearGradient(this.faceX, this.faceY, this.faceX + this.faceW * 0.5, this.faceY + this.faceH * 0.6);
    shine.addColorStop(0, "rgba(255,255,255,0.05)");
    shine.addColorStop(1, "rgba(255,255,255,0)");
    ctx.fillStyle = shine;
    ctx.fillRect(this.faceX, this.faceY, this.faceW, this.faceH);
    ctx.restore();
  }
}
