// What the terminal printed, as text in the page (role="log"), for a screen reader and a test.
// A line ends at LF; a bare CR that the next character overprints (the listing's mask) starts a
// new line of the log too, so each pass of the carriage is read once. Old lines are let go: a page
// open for days keeps LOG_LINES lines.

const LOG_LINES = 1000;

export class PrintedLog {
  constructor(element) {
    this.element = element;
    this.current = "";
    this.afterCr = false;
    this.pending = [];
  }

  print(text) {
    for (const ch of text) {
      if (ch === "\n") { this.end(); this.afterCr = false; continue; }
      if (ch === "\r") { this.afterCr = true; continue; }
      if (this.afterCr) { if (this.current.trim()) this.end(); else this.current = ""; this.afterCr = false; }
      if (ch >= " " && ch <= "~") this.current += ch;
    }
  }

  end() {
    const div = document.createElement("div");
    div.textContent = this.current;
    this.element.append(div);
    this.current = "";
    while (this.element.childElementCount > LOG_LINES) this.element.firstElementChild.remove();
  }

  // the line being printed as well as those done (a prompt waits on an unfinished line)
  text() {
    return [...this.element.children].map((d) => d.textContent).join("\n") + "\n" + this.current;
  }
}
