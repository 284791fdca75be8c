// A fixed hash table from non-negative 31-bit integers to integers: the learned opinion's n-gram lookups, faster than
// a Map on this hot path (open addressing, linear probing, key and value side by side, built once from the model).
export class IntTable {
  /** slots[2i] is a key (-1 for empty), slots[2i + 1] its value. */
  private readonly slots: Int32Array;
  private readonly mask: number;
  private readonly shift: number;

  constructor(entries: ReadonlyArray<readonly [number, number]>) {
    let bits = 4;
    while (1 << bits < entries.length * 2) bits++;
    const size = 1 << bits;
    this.mask = size - 1;
    this.shift = 32 - bits;
    this.slots = new Int32Array(size * 2).fill(-1);
    for (const [k, v] of entries) {
      let i = this.slot(k);
      while (this.slots[2 * i] !== -1 && this.slots[2 * i] !== k) i = (i + 1) & this.mask;
      this.slots[2 * i] = k;
      this.slots[2 * i + 1] = v;
    }
  }

  // Fibonacci hashing: the top bits of k times 2^32/φ.
  private slot(k: number): number {
    return Math.imul(k, 0x9e3779b1) >>> this.shift;
  }

  /** The value stored for k, or -1. */
  get(k: number): number {
    for (let i = this.slot(k); ; i = (i + 1) & this.mask) {
      const at = this.slots[2 * i] as number;
      if (at === k) return this.slots[2 * i + 1] as number;
      if (at === -1) return -1;
    }
  }
}
