// A glass terminal of the 1970s in a canvas, 80 columns by 24 rows: what terminals/window/crt.py
// shows. The screen is data (GlassScreen, as screen.py has it); each character is the 5x7 dots
// of the project's own character generator (window/font.py, served in /typeface.json), each dot
// lit in the phosphor's colour with a soft glow. The tube is the window's, by the window's own
// numbers (served in /glass.json from crt.py, curvature.py and tube.py): the bulge of the face,
// the afterglow falling by exp(-t / persistence), scan lines, vignette, bezel, bloom, the raster's
// glow, flicker and jitter, each switched by the window's keys (F2 to F5, Shift+F2 to Shift+F8,
// F6 the phosphor). Burn-in is the window's alone: a page is not left lit for months.
//
// It is cheap: everything still (the housing, the glass, the raster's light, the scan lines and
// vignette) is drawn once per size; the text once per change; a frame is drawn only when the
// text changed, while its afterglow fades, when the cursor blinks, or for a torn frame. Flicker
// and jitter move no pixel of the canvas: they are the canvas's brightness and offset (CSS), set
// by the frame loop for the compositor. Nothing typed at a hidden prompt is shown: a glass
// terminal's screen would not hide it under a blot.

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


// The bulge of the face (curvature.py): flat = seen * (1 + k r^2), r in half-diagonals
class Barrel {
  constructor(cx, cy, hx, hy, strength) {
    Object.assign(this, { cx, cy, strength });
    this.unit = hx * hx + hy * hy;
  }

  r2(x, y) { return ((x - this.cx) ** 2 + (y - this.cy) ** 2) / this.unit; }

  flat(x, y) {
    const grow = 1 + this.strength * this.r2(x, y);
    return [this.cx + (x - this.cx) * grow, this.cy + (y - this.cy) * grow];
  }

  seen(x, y) {
    let [sx, sy] = [x, y];
    for (let i = 0; i < 6; i++) {
      const shrink = 1 + this.strength * this.r2(sx, sy);
      [sx, sy] = [this.cx + (x - this.cx) / shrink, this.cy + (y - this.cy) / shrink];
    }
    return [sx, sy];
  }
}

const inset = ([x, y, w, h], dx, dy) => [x + dx, y + dy, w - 2 * dx, h - 2 * dy];

// Where the glass, the raster and the text are: tube.py's TubeGeometry.lay_out, in a box
function layOut(box, bezel, curved, strength) {
  const [, , width, height] = box;
  let glass, raster, text;
  if (bezel) {
    glass = inset(box, width * 0.062, height * 0.075);
    raster = inset(glass, glass[2] * (curved ? 0.012 : 0.03), glass[3] * (curved ? 0.016 : 0.04));
    text = inset(raster, raster[2] * 0.025, raster[3] * 0.03);
  } else {
    glass = box;
    text = inset(box, width * 0.05, height * 0.06);
    raster = inset(text, -width * 0.025, -height * 0.03);
  }
  const barrel = curved
    ? new Barrel(raster[0] + raster[2] / 2, raster[1] + raster[3] / 2, raster[2] / 2, raster[3] / 2, strength)
    : null;
  return { box, glass, raster, text, barrel, radius: Math.round(Math.min(width, height) * (bezel ? 0.07 : 0)) };
}

function canvasOf(width, height) {
  const made = document.createElement("canvas");
  made.width = width;
  made.height = height;
  return made;
}

// A grey picture from value(x, y) (0 to 255) worked out on a grid `scale` pixels apart and drawn
// scaled up smoothly (tube.py's _field): a smooth field costs a few thousand calls, not a million.
function field(width, height, scale, value) {
  const w = Math.max(2, Math.floor(width / scale) + 2);
  const h = Math.max(2, Math.floor(height / scale) + 2);
  const small = canvasOf(w, h);
  const image = small.getContext("2d").createImageData(w, h);
  const stepX = width / (w - 1);
  const stepY = height / (h - 1);
  for (let j = 0, k = 0; j < h; j++) {
    for (let i = 0; i < w; i++, k += 4) {
      const v = Math.max(0, Math.min(255, Math.round(value(i * stepX, j * stepY))));
      image.data[k] = image.data[k + 1] = image.data[k + 2] = v;
      image.data[k + 3] = 255;
    }
  }
  small.getContext("2d").putImageData(image, 0, 0);
  const big = canvasOf(width, height);
  const ctx = big.getContext("2d");
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(small, -stepX / 2, -stepY / 2, w * stepX, h * stepY);
  return big;
}

export class GlassView {
  constructor(canvas, face, tube, colour) {
    this.canvas = canvas;
    this.dots = face.dots;
    this.tube = tube;
    this.effects = Object.fromEntries(tube.effects.map((name) => [name, name !== "burnin"]));
    const names = Object.keys(tube.phosphors);
    const same = (p) => colour && p.colour.every((c, i) => c === colour[i]);
    this.phosphor = names.find((name) => same(tube.phosphors[name])) || names[0];
    this.screen = new GlassScreen();
    this.draws = 0;
    this.flickerLevel = 1;
    this.offset = "";
    this.layout();
  }

  get colour() { return this.tube.phosphors[this.phosphor].colour; }

  get persistence() { return this.tube.phosphors[this.phosphor].persistence; }

  // -- what is made once per size (or change of phosphor or effects) ---------------------------

  layout() {
    const dpr = window.devicePixelRatio || 1;
    const width = Math.max(320, Math.round(this.canvas.clientWidth * dpr));
    const height = Math.max(240, Math.round(this.canvas.clientHeight * dpr));
    this.canvas.width = width;
    this.canvas.height = height;
    // the terminal fills the page, but no wider than 16:10 nor taller than 4:3
    const boxW = Math.min(width, height * 1.6);
    const boxH = Math.min(height, boxW * 0.75);
    const box = [(width - boxW) / 2, (height - boxH) / 2, boxW, boxH];
    const effects = this.effects;
    this.geometry = layOut(box, effects.bezel, effects.curvature, this.tube.curvature);
    const [tx, ty, tw, th] = this.geometry.text;
    this.cellW = tw / this.screen.columns;
    this.cellH = th / this.screen.rows;
    this.cells = this.placeCells(tx, ty);
    this.glyphs = new Map();
    this.textLayer = canvasOf(width, height);
    this.bloomLayer = canvasOf(width, height);
    this.glowLayer = canvasOf(width, height);
    this.still = this.stillPicture();
    this.room = this.roomLight();
    this.overlay = effects.scanlines || effects.vignette ? this.overlayPicture() : null;
    this.fading = false;
    this.changed = true;
  }

  // each cell's rectangle on the glass: the flat one, or where the bulge shows it
  placeCells(tx, ty) {
    const barrel = this.geometry.barrel;
    const rows = [];
    for (let row = 0; row < this.screen.rows; row++) {
      const cells = [];
      for (let column = 0; column < this.screen.columns; column++) {
        const x = tx + column * this.cellW;
        const y = ty + row * this.cellH;
        if (!barrel) { cells.push([x, y, this.cellW, this.cellH]); continue; }
        const [x0, y0] = barrel.seen(x, y);
        const [x1, y1] = barrel.seen(x + this.cellW, y + this.cellH);
        cells.push([x0, y0, x1 - x0, y1 - y0]);
      }
      rows.push(cells);
    }
    return rows;
  }

  glassPath(ctx) {
    const [x, y, w, h] = this.geometry.glass;
    ctx.beginPath();
    ctx.roundRect(x, y, w, h, this.geometry.radius);
  }

  // where a point of the canvas is on the flat raster, from its centre, in half-sizes (-1 to 1)
  flatPosition(x, y) {
    const { barrel, raster } = this.geometry;
    if (barrel) [x, y] = barrel.flat(x, y);
    const [rx, ry, rw, rh] = raster;
    return [(x - rx - rw / 2) / (rw / 2), (y - ry - rh / 2) / (rh / 2)];
  }

  // the housing, the unlit glass and the raster's faint light (tube.py's housing and raster_light)
  stillPicture() {
    const { width, height } = this.canvas;
    const still = canvasOf(width, height);
    const ctx = still.getContext("2d");
    const [hr, hg, hb] = this.tube.housing;
    if (this.effects.bezel) {
      const plastic = ctx.createLinearGradient(0, 0, 0, height);
      plastic.addColorStop(0, `rgb(${hr},${hg},${hb})`);
      plastic.addColorStop(1, `rgb(${hr * 0.55},${hg * 0.55},${hb * 0.55})`);
      ctx.fillStyle = plastic;
      ctx.fillRect(0, 0, width, height);
      // the opening's recess, in shadow towards the glass
      const [x, y, w, h] = this.geometry.glass;
      const depth = Math.max(4, Math.round(Math.min(width, height) * 0.022));
      for (let i = depth; i > 0; i--) {
        const shade = 0.3 + 0.5 * (i / depth) ** 1.5;
        ctx.strokeStyle = `rgb(${hr * shade},${hg * shade},${hb * shade})`;
        ctx.lineWidth = 2;
        ctx.beginPath();
        ctx.roundRect(x - i, y - i, w + 2 * i, h + 2 * i, this.geometry.radius + i);
        ctx.stroke();
      }
    } else {
      ctx.fillStyle = "#000";
      ctx.fillRect(0, 0, width, height);
    }
    ctx.fillStyle = "#000"; // the glass: its own colour and the room in it are added last (roomLight)
    this.glassPath(ctx);
    ctx.fill();
    if (this.effects.raster) {
      const [rw, rh] = [this.geometry.raster[2] / 2, this.geometry.raster[3] / 2];
      const shape = field(width, height, 4, (x, y) => {
        const [u, v] = this.flatPosition(x, y);
        const margin = Math.min((1 - Math.abs(u)) * rw, (1 - Math.abs(v)) * rh);
        return 255 * Math.min(1, Math.max(0, 0.5 + margin / 8));
      });
      const light = shape.getContext("2d");
      light.globalCompositeOperation = "multiply";
      const level = this.tube.raster_level;
      const [r, g, b] = this.colour.map((c) => Math.round(c * level));
      light.fillStyle = `rgb(${r},${g},${b})`;
      light.fillRect(0, 0, width, height);
      ctx.save();
      this.glassPath(ctx);
      ctx.clip();
      ctx.globalCompositeOperation = "lighter";
      ctx.drawImage(shape, 0, 0);
      ctx.restore();
    }
    return still;
  }

  // the unlit glass in the room's light, shaded by the bezel's lip, and the room reflected in it:
  // the window's own grids (tube.py's room_light), scaled to the glass; added over the picture, as
  // the window adds its housing. Without the bezel, none: the window's picture is the tube's alone.
  roomLight() {
    if (!this.effects.bezel) return null;
    const { width, height } = this.canvas;
    const [gr, gg, gb] = this.tube.glass;
    const layer = canvasOf(width, height);
    const ctx = layer.getContext("2d");
    ctx.fillStyle = `rgb(${gr},${gg},${gb})`;
    this.glassPath(ctx);
    ctx.fill();
    const room = this.tube.room;
    const small = canvasOf(room.width, room.height);
    const image = small.getContext("2d").createImageData(room.width, room.height);
    for (let i = 0; i < room.width * room.height; i++) {
      const shade = room.shade[i] / 255;
      const light = room.light[i];
      image.data[4 * i] = gr * shade + light;
      image.data[4 * i + 1] = gg * shade + light;
      image.data[4 * i + 2] = gb * shade + light;
      image.data[4 * i + 3] = 255;
    }
    small.getContext("2d").putImageData(image, 0, 0);
    const [x, y, w, h] = this.geometry.glass;
    const stepX = w / (room.width - 1);
    const stepY = h / (room.height - 1);
    ctx.save();
    ctx.clip();
    ctx.imageSmoothingQuality = "high";
    ctx.drawImage(small, x - stepX / 2, y - stepY / 2, room.width * stepX, room.height * stepY);
    ctx.restore();
    return layer;
  }

  // what the picture on the glass is multiplied by: the scan lines and the vignette (tube.overlay)
  overlayPicture() {
    const { width, height } = this.canvas;
    let overlay;
    if (this.effects.vignette) {
      const depth = this.tube.vignette_depth;
      overlay = field(width, height, 8, (x, y) => {
        const [u, v] = this.flatPosition(x, y);
        const reach = Math.min(1.6, Math.sqrt((u * u + v * v) / 2));
        return 255 - depth * reach ** 2.2;
      });
    } else {
      overlay = canvasOf(width, height);
      const ctx = overlay.getContext("2d");
      ctx.fillStyle = "#fff";
      ctx.fillRect(0, 0, width, height);
    }
    if (this.effects.scanlines) {
      const ctx = overlay.getContext("2d");
      const shade = this.tube.scanline_shade;
      ctx.globalCompositeOperation = "multiply";
      ctx.fillStyle = `rgb(${shade},${shade},${shade})`;
      for (let y = 1; y < height; y += 2) ctx.fillRect(0, y, width, 1);
    }
    return overlay;
  }

  glyph(ch) {
    let drawn = this.glyphs.get(ch);
    if (drawn) return drawn;
    const dots = this.dots.glyphs[ch] || [];
    const pitchX = this.cellW / (this.dots.width + 1);
    const pitchY = (this.cellH * 0.72) / this.dots.height;
    const glow = Math.max(1, pitchX * 0.9);
    drawn = canvasOf(Math.ceil(this.cellW + 4 * glow), Math.ceil(this.cellH + 4 * glow));
    const ctx = drawn.getContext("2d");
    const [r, g, b] = this.colour;
    if (this.effects.glow) {
      ctx.shadowColor = `rgba(${r},${g},${b},0.9)`;
      ctx.shadowBlur = glow * 1.6;
    }
    const core = this.colour.map((c) => Math.round(c + (255 - c) * (this.effects.glow ? 0.3 : 0)));
    ctx.fillStyle = `rgb(${core[0]},${core[1]},${core[2]})`;
    for (const [column, row] of dots) {
      const x = 2 * glow + (column + 0.5) * pitchX;
      const y = 2 * glow + this.cellH * 0.05 + (row + 0.5) * pitchY;
      ctx.beginPath();
      ctx.ellipse(x, y, pitchX * 0.55, pitchY * 0.42, 0, 0, 2 * Math.PI);
      ctx.fill();
    }
    drawn.pad = 2 * glow;
    this.glyphs.set(ch, drawn);
    return drawn;
  }

  // -- the screen's changes ----------------------------------------------------------------------

  receive(text) {
    this.changed = true;
    return this.screen.receive(text);
  }

  scroll() {}

  // the window's keys (crt.py's EFFECT_KEYS and F6): what was switched, to be said; undefined for
  // any other key
  key(event) {
    const number = /^F(\d+)$/.exec(event.key);
    if (!number) return undefined;
    const n = Number(number[1]);
    if (n === this.tube.phosphor_key && !event.shiftKey) {
      const names = Object.keys(this.tube.phosphors);
      this.phosphor = names[(names.indexOf(this.phosphor) + 1) % names.length];
      this.layout();
      return `Phosphor: ${this.tube.phosphors[this.phosphor].name} (F6)`;
    }
    const found = this.tube.keys.find(([shifted, k]) => shifted === event.shiftKey && k === n);
    if (!found) return undefined;
    const name = found[2];
    const keyName = `${event.shiftKey ? "Shift+" : ""}F${n}`;
    if (name === "burnin") return `Burn-in is the window's alone: a page is not lit for months (${keyName})`;
    this.effects[name] = !this.effects[name];
    this.layout();
    return `${name[0].toUpperCase()}${name.slice(1)} ${this.effects[name] ? "on" : "off"} (${keyName})`;
  }

  // the characters alone, drawn again only when the screen changed; their bloom is a blurred copy
  text(now) {
    if (!this.changed) return;
    this.changed = false;
    const { width, height } = this.canvas;
    if (this.effects.persistence) {
      // what was lit until now fades from here (crt.py's _fade): the glow starts as the old text
      if (!this.fading) {
        const glow = this.glowLayer.getContext("2d");
        glow.globalCompositeOperation = "copy";
        glow.drawImage(this.textLayer, 0, 0);
      }
      this.fading = true;
      this.fadeUntil = now + this.tube.afterglow_gone * this.persistence;
    }
    const ctx = this.textLayer.getContext("2d");
    ctx.clearRect(0, 0, width, height);
    const screen = this.screen;
    for (let row = 0; row < screen.rows; row++) {
      for (let column = 0; column < screen.columns; column++) {
        const ch = screen.cells[row][column];
        if (ch === " ") continue;
        const drawn = this.glyph(ch);
        const [x, y, w, h] = this.cells[row][column];
        const sx = w / this.cellW;
        const sy = h / this.cellH;
        ctx.drawImage(drawn, x - drawn.pad * sx, y - drawn.pad * sy, drawn.width * sx, drawn.height * sy);
      }
    }
    if (this.effects.bloom) {
      const bloom = this.bloomLayer.getContext("2d");
      bloom.clearRect(0, 0, width, height);
      bloom.filter = `blur(${Math.max(2, this.cellW * 0.6).toFixed(1)}px)`;
      bloom.drawImage(this.textLayer, 0, 0);
      bloom.filter = "none";
    }
  }

  // the text as the tube shows it now: with the afterglow of what it showed, while that fades
  lit(now) {
    if (!this.fading) return this.textLayer;
    const glow = this.glowLayer.getContext("2d");
    const seconds = Math.max(0, now - (this.drawnAt ?? now));
    const keep = Math.exp(-seconds / this.persistence);
    glow.globalCompositeOperation = "destination-out";
    glow.fillStyle = `rgba(0,0,0,${1 - keep})`;
    glow.fillRect(0, 0, this.glowLayer.width, this.glowLayer.height);
    glow.globalCompositeOperation = "lighten";
    glow.drawImage(this.textLayer, 0, 0);
    if (now >= this.fadeUntil) { // faded to nothing: the text alone again
      this.fading = false;
      this.fades = (this.fades || 0) + 1;
      this.canvas.dataset.fades = String(this.fades); // for whoever watches: a test
    }
    return this.glowLayer;
  }

  // -- a frame -----------------------------------------------------------------------------------

  // Called every animation frame; draws only when the picture changed. `now` in seconds.
  frame(now, random = Math.random) {
    const tube = this.tube;
    const effects = this.effects;
    // flicker and jitter: the compositor's brightness and offset of the canvas, no pixel drawn
    let level = 1;
    if (effects.flicker) level = (tube.flicker_step / 255) ** Math.floor(random() * (tube.flicker_frames + 1));
    let offset = "";
    if (effects.jitter && random() < tube.jitter) {
      const [dx, dy] = [[1, 0], [-1, 0], [0, 1], [0, -1]][Math.floor(random() * 4)];
      const dpr = window.devicePixelRatio || 1;
      offset = `translate(${dx / dpr}px, ${dy / dpr}px)`;
    }
    if (level !== this.flickerLevel) {
      this.canvas.style.filter = level === 1 ? "" : `brightness(${level.toFixed(4)})`;
      this.flickerLevel = level;
    }
    if (offset !== this.offset) {
      this.canvas.style.transform = offset;
      this.offset = offset;
    }
    const cursorOn = Math.floor(now / tube.cursor_blink) % 2 === 0;
    const tear = effects.jitter && random() < tube.tear;
    if (!(this.changed || this.fading || this.torn || tear || cursorOn !== this.cursorOn)) return false;
    this.cursorOn = cursorOn;
    this.draw(now, tear ? random : null);
    return true;
  }

  draw(now = performance.now() / 1000, tear = null) {
    const ctx = this.canvas.getContext("2d");
    const { width, height } = this.canvas;
    this.text(now);
    const lit = this.lit(now);
    this.drawnAt = now;
    ctx.globalCompositeOperation = "copy";
    ctx.drawImage(this.still, 0, 0);
    ctx.save();
    this.glassPath(ctx);
    ctx.clip();
    ctx.globalCompositeOperation = "lighter";
    if (this.effects.bloom) {
      ctx.globalAlpha = 0.55;
      ctx.drawImage(this.bloomLayer, 0, 0);
      ctx.globalAlpha = 1;
    }
    ctx.drawImage(lit, 0, 0);
    if (this.cursorOn ?? true) {
      const [r, g, b] = this.colour;
      const screen = this.screen;
      const [x, y, w, h] = this.cells[screen.row][Math.min(screen.column, screen.columns - 1)];
      ctx.fillStyle = `rgb(${r},${g},${b})`;
      ctx.fillRect(x, y + h * 0.78, w * 0.85, Math.max(2, h * 0.12));
    }
    if (this.overlay) {
      ctx.globalCompositeOperation = "multiply";
      ctx.drawImage(this.overlay, 0, 0);
    }
    if (this.room) {
      ctx.globalCompositeOperation = "lighter";
      ctx.drawImage(this.room, 0, 0);
    }
    ctx.restore();
    ctx.globalCompositeOperation = "source-over";
    // rarely a band of a frame slips sideways: the horizontal hold catching up (crt.py's _tear);
    // the next frame is whole again
    this.torn = Boolean(tear);
    if (tear) {
      const band = Math.round(this.cellH * (0.5 + 1.5 * tear()));
      const top = Math.floor(tear() * Math.max(1, height - band));
      const slip = [-3, -2, 2, 3][Math.floor(tear() * 4)];
      ctx.drawImage(this.canvas, 0, top, width, band, slip, top, width, band);
      ctx.fillStyle = "#000";
      ctx.fillRect(slip > 0 ? 0 : width + slip, top, Math.abs(slip), band);
    }
    this.draws += 1;
    this.canvas.dataset.draws = String(this.draws);
    this.canvas.dataset.fading = this.fading ? "true" : "";
    this.canvas.dataset.effects = Object.keys(this.effects).filter((n) => this.effects[n]).join(" ");
  }
}
