/* An NMOS 6502 for the 1977 interpreter: the documented opcodes, with their cycles, the extra cycle
 * of a read that crosses a page, and a branch's extra cycles (taken, and across a page).
 *
 * life2 builds this file with the system's C compiler at first use and loads it with ctypes
 * (life2_retro/osi/native.py); the test suite checks it instruction by instruction against py65.
 * Flat 64K of RAM, with one range that ignores writes (the ROM). The run stops, for the Python side,
 * at a call to the monitor's key input, when CURLIN changes, when NEWSTT is about to enter a line (at
 * its Ctrl-C poll, before the poll is answered), when the
 * output buffer is full, or when the cycle budget is spent; the monitor's character output and its
 * Ctrl-C poll are answered here, since they come at every character and every statement.
 */
#include <stdint.h>
#include <string.h>

enum { F_C = 0x01, F_Z = 0x02, F_I = 0x04, F_D = 0x08, F_B = 0x10, F_U = 0x20, F_V = 0x40, F_N = 0x80 };

enum {
    STOP_BUDGET = 0,    /* the cycle budget is spent */
    STOP_KEY = 1,       /* PC at the monitor's key input: the Python side puts a key in A and returns */
    STOP_CURLIN = 2,    /* an instruction wrote CURLIN and changed it */
    STOP_LINE = 3,      /* NEWSTT is about to enter a line (next_line), at its Ctrl-C poll */
    STOP_OUTPUT = 4,    /* the output buffer is full */
    STOP_ILLEGAL = 5,   /* an opcode the NMOS 6502 does not document */
    STOP_STEP = 6       /* one instruction done (single-stepping for the checks) */
};

typedef struct {
    uint8_t mem[65536];
    uint64_t cycles;
    uint16_t pc;
    uint8_t a, x, y, sp, p;
    /* the machine around the CPU */
    uint16_t rom_low, rom_high;     /* writes to [rom_low, rom_high) are ignored; equal: none */
    uint16_t key_in, char_out, ctrl_c_poll; /* the monitor's entries: 0 for none */
    uint16_t ctrl_c_target;         /* where the monitor's Ctrl-C goes on, with A = 3 */
    uint16_t curlin;                /* the two bytes watched (CURLIN, CURLIN+1); 0: none */
    uint16_t line_entered;          /* NEWSTT's return from its Ctrl-C poll: 0 for no line stops */
    uint16_t txtptr;                /* where the BASIC keeps its text pointer (page zero) */
    uint16_t next_line;             /* at STOP_LINE: the line NEWSTT is about to enter */
    uint8_t ctrl_c_pending;         /* the next poll finds Ctrl-C */
    uint8_t trap_cycles;            /* what a monitor routine's return costs */
    uint8_t single_step;
    uint8_t out_len;
    uint8_t out[256];
    /* the last write, for the checks: its address, or -1 */
    int32_t last_write;
    uint16_t last_curlin_value;
    uint8_t line_reported;          /* the stop at this poll was made; go on past it */
} cpu6502;

#define RD(addr) (c->mem[(uint16_t)(addr)])
static inline uint16_t zp_word(const cpu6502 *c, uint8_t z) {
    return (uint16_t)(c->mem[z] | (c->mem[(uint8_t)(z + 1)] << 8)); /* a pointer at $FF wraps to $00 */
}
#define ZPW(z) zp_word(c, (uint8_t)(z))

static inline void wr(cpu6502 *c, uint16_t addr, uint8_t value, int *curlin_touched) {
    if (c->rom_low != c->rom_high && addr >= c->rom_low && addr < c->rom_high) return;
    c->mem[addr] = value;
    c->last_write = addr;
    if (c->curlin && (addr == c->curlin || addr == (uint16_t)(c->curlin + 1))) *curlin_touched = 1;
}

static inline void setnz(cpu6502 *c, uint8_t v) {
    c->p = (uint8_t)((c->p & ~(F_N | F_Z)) | (v & F_N) | (v ? 0 : F_Z));
}

static inline void push(cpu6502 *c, uint8_t v) {
    c->mem[0x100 | c->sp] = v;
    c->last_write = 0x100 | c->sp;
    c->sp--;
}

static inline uint8_t pull(cpu6502 *c) {
    c->sp++;
    return c->mem[0x100 | c->sp];
}

static inline void adc(cpu6502 *c, uint8_t d) {
    unsigned carry = c->p & F_C;
    if (c->p & F_D) { /* as py65 does it: flags from the binary ALU's nibbles, A adjusted */
        unsigned half = 0, dcarry = 0, adj0 = 0, adj1 = 0;
        unsigned n0 = (d & 0xf) + (c->a & 0xf) + carry;
        if (n0 > 9) { adj0 = 6; half = 1; }
        unsigned n1 = ((d >> 4) & 0xf) + ((c->a >> 4) & 0xf) + half;
        if (n1 > 9) { adj1 = 6; dcarry = 1; }
        n0 &= 0xf; n1 &= 0xf;
        uint8_t alu = (uint8_t)((n1 << 4) + n0);
        n0 = (n0 + adj0) & 0xf; n1 = (n1 + adj1) & 0xf;
        c->p &= (uint8_t)~(F_C | F_V | F_N | F_Z);
        if (alu == 0) c->p |= F_Z; else c->p |= alu & F_N;
        if (dcarry) c->p |= F_C;
        if ((~(c->a ^ d) & (c->a ^ alu)) & 0x80) c->p |= F_V;
        c->a = (uint8_t)((n1 << 4) + n0);
    } else {
        unsigned r = c->a + d + carry;
        c->p &= (uint8_t)~(F_C | F_V | F_N | F_Z);
        if ((~(c->a ^ d) & (c->a ^ r)) & 0x80) c->p |= F_V;
        if (r > 0xff) c->p |= F_C;
        c->a = (uint8_t)r;
        if (!c->a) c->p |= F_Z; else c->p |= c->a & F_N;
    }
}

static inline void sbc(cpu6502 *c, uint8_t d) {
    unsigned carry = c->p & F_C;
    if (c->p & F_D) {
        unsigned half = 1, adj0 = 0, adj1 = 0, dcarry = 0;
        unsigned n0 = (c->a & 0xf) + (~d & 0xf) + carry;
        if (n0 <= 0xf) { half = 0; adj0 = 10; }
        unsigned n1 = ((c->a >> 4) & 0xf) + ((~d >> 4) & 0xf) + half;
        if (n1 <= 0xf) adj1 = 10 << 4;
        unsigned alu = c->a + (uint8_t)~d + carry;
        if (alu > 0xff) dcarry = 1;
        alu &= 0xff;
        n0 = (alu + adj0) & 0xf;
        n1 = ((alu + adj1) >> 4) & 0xf;
        c->p &= (uint8_t)~(F_C | F_V | F_N | F_Z);
        if (alu == 0) c->p |= F_Z; else c->p |= alu & F_N;
        if (dcarry) c->p |= F_C;
        if (((c->a ^ d) & (c->a ^ alu)) & 0x80) c->p |= F_V;
        c->a = (uint8_t)((n1 << 4) + n0);
    } else {
        unsigned r = c->a + (uint8_t)~d + carry;
        c->p &= (uint8_t)~(F_C | F_V | F_N | F_Z);
        if (((c->a ^ d) & (c->a ^ r)) & 0x80) c->p |= F_V;
        if (r > 0xff) c->p |= F_C;
        c->a = (uint8_t)r;
        if (!c->a) c->p |= F_Z; else c->p |= c->a & F_N;
    }
}

static inline void cmp(cpu6502 *c, uint8_t reg, uint8_t d) {
    c->p &= (uint8_t)~(F_C | F_Z | F_N);
    if (reg == d) c->p |= F_C | F_Z;
    else if (reg > d) c->p |= F_C;
    c->p |= (uint8_t)(reg - d) & F_N;
}

/* Run until a stop; returns why (STOP_*). */
int run6502(cpu6502 *c, uint64_t budget) {
    uint64_t end = c->cycles + budget;
    for (;;) {
        uint16_t pc = c->pc;
        c->last_write = -1;
        if (pc == c->key_in && pc) return STOP_KEY;
        if (pc == c->char_out && pc) {
            if (c->out_len == 255) return STOP_OUTPUT;
            c->out[c->out_len++] = c->a;
            goto monitor_return;
        }
        if (pc == c->ctrl_c_poll && pc) {
            /* NEWSTT polls before each statement; at the end of a line, with another line after it,
             * the next statement is that line's first: a line is entered, and a Ctrl-C typed now is
             * found before it runs (the stop comes before the poll answers) */
            if (c->line_entered && !c->line_reported) {
                uint16_t back = (uint16_t)(c->mem[0x100 | (uint8_t)(c->sp + 1)] | (c->mem[0x100 | (uint8_t)(c->sp + 2)] << 8));
                uint16_t text = (uint16_t)(c->mem[c->txtptr] | (c->mem[c->txtptr + 1] << 8));
                if (back == c->line_entered && c->mem[text] == 0 && c->mem[(uint16_t)(text + 2)] != 0) {
                    c->next_line = (uint16_t)(c->mem[(uint16_t)(text + 3)] | (c->mem[(uint16_t)(text + 4)] << 8));
                    c->line_reported = 1;
                    return STOP_LINE;
                }
            }
            c->line_reported = 0;
            if (c->ctrl_c_pending) { /* the monitor finds Ctrl-C: A = 3, on into BASIC's STOP test */
                c->ctrl_c_pending = 0;
                c->a = 3;
                c->pc = c->ctrl_c_target;
                continue;
            }
            goto monitor_return;
        }
        if (c->cycles >= end) return STOP_BUDGET;

        int touched = 0;
        uint8_t op = RD(pc);
        uint16_t ea = 0, t;
        uint8_t v;
        unsigned cyc;
        c->pc = (uint16_t)(pc + 1);

#define IMM()  (ea = c->pc++)
#define ZP()   (ea = RD(c->pc++))
#define ZPX()  (ea = (uint8_t)(RD(c->pc++) + c->x))
#define ZPY()  (ea = (uint8_t)(RD(c->pc++) + c->y))
#define ABS()  (ea = (uint16_t)(RD(c->pc) | (RD(c->pc + 1) << 8)), c->pc += 2)
#define ABX(pen) (t = (uint16_t)(RD(c->pc) | (RD(c->pc + 1) << 8)), c->pc += 2, ea = (uint16_t)(t + c->x), \
                  cyc += (pen) && ((t ^ ea) & 0xff00) ? 1 : 0)
#define ABY(pen) (t = (uint16_t)(RD(c->pc) | (RD(c->pc + 1) << 8)), c->pc += 2, ea = (uint16_t)(t + c->y), \
                  cyc += (pen) && ((t ^ ea) & 0xff00) ? 1 : 0)
#define INX()  (ea = ZPW((uint8_t)(RD(c->pc++) + c->x)))
#define INY(pen) (t = ZPW(RD(c->pc++)), ea = (uint16_t)(t + c->y), cyc += (pen) && ((t ^ ea) & 0xff00) ? 1 : 0)
#define W(addr, val) wr(c, (uint16_t)(addr), (uint8_t)(val), &touched)
#define BR(cond) { int8_t off = (int8_t)RD(c->pc++); if (cond) { uint16_t to = (uint16_t)(c->pc + off); \
                   cyc += ((to ^ c->pc) & 0xff00) ? 2 : 1; c->pc = to; } }

        switch (op) {
        /* loads */
        case 0xA9: cyc = 2; IMM(); c->a = RD(ea); setnz(c, c->a); break;
        case 0xA5: cyc = 3; ZP(); c->a = RD(ea); setnz(c, c->a); break;
        case 0xB5: cyc = 4; ZPX(); c->a = RD(ea); setnz(c, c->a); break;
        case 0xAD: cyc = 4; ABS(); c->a = RD(ea); setnz(c, c->a); break;
        case 0xBD: cyc = 4; ABX(1); c->a = RD(ea); setnz(c, c->a); break;
        case 0xB9: cyc = 4; ABY(1); c->a = RD(ea); setnz(c, c->a); break;
        case 0xA1: cyc = 6; INX(); c->a = RD(ea); setnz(c, c->a); break;
        case 0xB1: cyc = 5; INY(1); c->a = RD(ea); setnz(c, c->a); break;
        case 0xA2: cyc = 2; IMM(); c->x = RD(ea); setnz(c, c->x); break;
        case 0xA6: cyc = 3; ZP(); c->x = RD(ea); setnz(c, c->x); break;
        case 0xB6: cyc = 4; ZPY(); c->x = RD(ea); setnz(c, c->x); break;
        case 0xAE: cyc = 4; ABS(); c->x = RD(ea); setnz(c, c->x); break;
        case 0xBE: cyc = 4; ABY(1); c->x = RD(ea); setnz(c, c->x); break;
        case 0xA0: cyc = 2; IMM(); c->y = RD(ea); setnz(c, c->y); break;
        case 0xA4: cyc = 3; ZP(); c->y = RD(ea); setnz(c, c->y); break;
        case 0xB4: cyc = 4; ZPX(); c->y = RD(ea); setnz(c, c->y); break;
        case 0xAC: cyc = 4; ABS(); c->y = RD(ea); setnz(c, c->y); break;
        case 0xBC: cyc = 4; ABX(1); c->y = RD(ea); setnz(c, c->y); break;
        /* stores */
        case 0x85: cyc = 3; ZP(); W(ea, c->a); break;
        case 0x95: cyc = 4; ZPX(); W(ea, c->a); break;
        case 0x8D: cyc = 4; ABS(); W(ea, c->a); break;
        case 0x9D: cyc = 5; ABX(0); W(ea, c->a); break;
        case 0x99: cyc = 5; ABY(0); W(ea, c->a); break;
        case 0x81: cyc = 6; INX(); W(ea, c->a); break;
        case 0x91: cyc = 6; INY(0); W(ea, c->a); break;
        case 0x86: cyc = 3; ZP(); W(ea, c->x); break;
        case 0x96: cyc = 4; ZPY(); W(ea, c->x); break;
        case 0x8E: cyc = 4; ABS(); W(ea, c->x); break;
        case 0x84: cyc = 3; ZP(); W(ea, c->y); break;
        case 0x94: cyc = 4; ZPX(); W(ea, c->y); break;
        case 0x8C: cyc = 4; ABS(); W(ea, c->y); break;
        /* transfers */
        case 0xAA: cyc = 2; c->x = c->a; setnz(c, c->x); break;
        case 0xA8: cyc = 2; c->y = c->a; setnz(c, c->y); break;
        case 0x8A: cyc = 2; c->a = c->x; setnz(c, c->a); break;
        case 0x98: cyc = 2; c->a = c->y; setnz(c, c->a); break;
        case 0xBA: cyc = 2; c->x = c->sp; setnz(c, c->x); break;
        case 0x9A: cyc = 2; c->sp = c->x; break;
        /* the stack */
        case 0x48: cyc = 3; push(c, c->a); break;
        case 0x08: cyc = 3; push(c, c->p | F_B | F_U); break;
        case 0x68: cyc = 4; c->a = pull(c); setnz(c, c->a); break;
        case 0x28: cyc = 4; c->p = pull(c) | F_B | F_U; break;
        /* logic and arithmetic */
#define GROUP(b, f) \
        case b + 0x09: cyc = 2; IMM(); f(RD(ea)); break; \
        case b + 0x05: cyc = 3; ZP(); f(RD(ea)); break; \
        case b + 0x15: cyc = 4; ZPX(); f(RD(ea)); break; \
        case b + 0x0D: cyc = 4; ABS(); f(RD(ea)); break; \
        case b + 0x1D: cyc = 4; ABX(1); f(RD(ea)); break; \
        case b + 0x19: cyc = 4; ABY(1); f(RD(ea)); break; \
        case b + 0x01: cyc = 6; INX(); f(RD(ea)); break; \
        case b + 0x11: cyc = 5; INY(1); f(RD(ea)); break;
#define ORA(d) (c->a |= (d), setnz(c, c->a))
#define AND(d) (c->a &= (d), setnz(c, c->a))
#define EOR(d) (c->a ^= (d), setnz(c, c->a))
#define ADC(d) adc(c, d)
#define SBC(d) sbc(c, d)
#define CMPA(d) cmp(c, c->a, d)
        GROUP(0x00, ORA)
        GROUP(0x20, AND)
        GROUP(0x40, EOR)
        GROUP(0x60, ADC)
        GROUP(0xC0, CMPA)
        GROUP(0xE0, SBC)
        case 0xE0: cyc = 2; IMM(); cmp(c, c->x, RD(ea)); break;
        case 0xE4: cyc = 3; ZP(); cmp(c, c->x, RD(ea)); break;
        case 0xEC: cyc = 4; ABS(); cmp(c, c->x, RD(ea)); break;
        case 0xC0: cyc = 2; IMM(); cmp(c, c->y, RD(ea)); break;
        case 0xC4: cyc = 3; ZP(); cmp(c, c->y, RD(ea)); break;
        case 0xCC: cyc = 4; ABS(); cmp(c, c->y, RD(ea)); break;
        case 0x24: cyc = 3; ZP(); goto bit;
        case 0x2C: cyc = 4; ABS();
        bit:
            v = RD(ea);
            c->p = (uint8_t)((c->p & ~(F_Z | F_N | F_V)) | (v & (F_N | F_V)) | ((c->a & v) ? 0 : F_Z));
            break;
        /* increments and decrements */
        case 0xE8: cyc = 2; c->x++; setnz(c, c->x); break;
        case 0xC8: cyc = 2; c->y++; setnz(c, c->y); break;
        case 0xCA: cyc = 2; c->x--; setnz(c, c->x); break;
        case 0x88: cyc = 2; c->y--; setnz(c, c->y); break;
#define RMW(b, f) \
        case b + 0x06: cyc = 5; ZP(); goto f##_m; \
        case b + 0x16: cyc = 6; ZPX(); goto f##_m; \
        case b + 0x0E: cyc = 6; ABS(); goto f##_m; \
        case b + 0x1E: cyc = 7; ABX(0); goto f##_m;
        RMW(0xE0, inc)
        RMW(0xC0, dec)
        RMW(0x00, asl)
        RMW(0x40, lsr)
        RMW(0x20, rol)
        RMW(0x60, ror)
        inc_m: v = (uint8_t)(RD(ea) + 1); W(ea, v); setnz(c, v); break;
        dec_m: v = (uint8_t)(RD(ea) - 1); W(ea, v); setnz(c, v); break;
        asl_m: v = RD(ea); c->p = (uint8_t)((c->p & ~F_C) | (v >> 7)); v <<= 1; W(ea, v); setnz(c, v); break;
        lsr_m: v = RD(ea); c->p = (uint8_t)((c->p & ~F_C) | (v & 1)); v >>= 1; W(ea, v); setnz(c, v); break;
        rol_m: { unsigned r = (unsigned)(RD(ea) << 1) | (c->p & F_C);
                 c->p = (uint8_t)((c->p & ~F_C) | (r >> 8)); v = (uint8_t)r; W(ea, v); setnz(c, v); break; }
        ror_m: { uint8_t old = RD(ea); v = (uint8_t)((old >> 1) | ((c->p & F_C) << 7));
                 c->p = (uint8_t)((c->p & ~F_C) | (old & 1)); W(ea, v); setnz(c, v); break; }
        case 0x0A: cyc = 2; c->p = (uint8_t)((c->p & ~F_C) | (c->a >> 7)); c->a <<= 1; setnz(c, c->a); break;
        case 0x4A: cyc = 2; c->p = (uint8_t)((c->p & ~F_C) | (c->a & 1)); c->a >>= 1; setnz(c, c->a); break;
        case 0x2A: { cyc = 2; unsigned r = (unsigned)(c->a << 1) | (c->p & F_C);
                     c->p = (uint8_t)((c->p & ~F_C) | (r >> 8)); c->a = (uint8_t)r; setnz(c, c->a); break; }
        case 0x6A: { cyc = 2; uint8_t old = c->a; c->a = (uint8_t)((old >> 1) | ((c->p & F_C) << 7));
                     c->p = (uint8_t)((c->p & ~F_C) | (old & 1)); setnz(c, c->a); break; }
        /* jumps and calls */
        case 0x4C: cyc = 3; ABS(); c->pc = ea; break;
        case 0x6C: cyc = 5; ABS(); /* the NMOS pointer never crosses its page */
            c->pc = (uint16_t)(RD(ea) | (RD((ea & 0xff00) | (uint8_t)(ea + 1)) << 8)); break;
        case 0x20: cyc = 6; ABS(); t = (uint16_t)(c->pc - 1); push(c, t >> 8); push(c, t & 0xff); c->pc = ea; break;
        case 0x60: cyc = 6; t = pull(c); t |= (uint16_t)(pull(c) << 8); c->pc = (uint16_t)(t + 1); break;
        case 0x40: cyc = 6; c->p = pull(c) | F_B | F_U; t = pull(c); t |= (uint16_t)(pull(c) << 8); c->pc = t; break;
        case 0x00: cyc = 7; t = (uint16_t)(c->pc + 1); push(c, t >> 8); push(c, t & 0xff);
            c->p |= F_B; push(c, c->p | F_B | F_U); c->p |= F_I;
            c->pc = (uint16_t)(RD(0xFFFE) | (RD(0xFFFF) << 8)); break;
        /* branches */
        case 0x10: cyc = 2; BR(!(c->p & F_N)); break;
        case 0x30: cyc = 2; BR(c->p & F_N); break;
        case 0x50: cyc = 2; BR(!(c->p & F_V)); break;
        case 0x70: cyc = 2; BR(c->p & F_V); break;
        case 0x90: cyc = 2; BR(!(c->p & F_C)); break;
        case 0xB0: cyc = 2; BR(c->p & F_C); break;
        case 0xD0: cyc = 2; BR(!(c->p & F_Z)); break;
        case 0xF0: cyc = 2; BR(c->p & F_Z); break;
        /* flags */
        case 0x18: cyc = 2; c->p &= (uint8_t)~F_C; break;
        case 0x38: cyc = 2; c->p |= F_C; break;
        case 0x58: cyc = 2; c->p &= (uint8_t)~F_I; break;
        case 0x78: cyc = 2; c->p |= F_I; break;
        case 0xB8: cyc = 2; c->p &= (uint8_t)~F_V; break;
        case 0xD8: cyc = 2; c->p &= (uint8_t)~F_D; break;
        case 0xF8: cyc = 2; c->p |= F_D; break;
        case 0xEA: cyc = 2; break;
        default:
            c->pc = pc;
            return STOP_ILLEGAL;
        }
        c->cycles += cyc;
        if (touched) {
            uint16_t now = (uint16_t)(c->mem[c->curlin] | (c->mem[(uint16_t)(c->curlin + 1)] << 8));
            if (now != c->last_curlin_value) {
                c->last_curlin_value = now;
                return STOP_CURLIN;
            }
        }
        if (c->single_step) return STOP_STEP;
        continue;

    monitor_return: /* RTS from the monitor's routine, at what it is said to cost */
        t = pull(c);
        t |= (uint16_t)(pull(c) << 8);
        c->pc = (uint16_t)(t + 1);
        c->cycles += c->trap_cycles;
        if (c->single_step) return STOP_STEP;
    }
}

size_t cpu6502_size(void) { return sizeof(cpu6502); }
