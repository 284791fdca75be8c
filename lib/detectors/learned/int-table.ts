// A fixed hash table from non-negative 31-bit integers to integers: the learned opinion's n-gram lookups, several
// times faster than a Map on this hot path (open addressing, linear probing, built once from the model).
export class IntTable {
  private readonly keys: Int32Array;
  private readonly values: Int32Array;
  private readonly mask: number;
  private readonly shift: number;

  constructor(entries: ReadonlyArray<readonly [number, number]>) {
    let bits = 4;
    while (1 << bits < entries.length * 2) bits++;
    const size = 1 << bits;
    this.mask = size - 1;
    this.shift = 32 - bits;
    this.keys = new Int32Array(size).fill(-1);
    this.values = new Int32Array(size);
    for (const [k, v] of entries) {
      let i = this.slot(k);
      while (this.keys[i] !== -1 && this.keys[i] !== k) i = (i + 1) & this.mask;
      this.keys[i] = k;
      this.values[i] = v;
    }
  }

  // Fibonacci hashing: the top bits of k times 2^32/φ.
  private slot(k: number): number {
    return Math.imul(k, 0x9e3779b1) >>> this.shift;
  }

  /** The value stored for k, or -1. */
  get(k: number): number {
    for (let i = this.slot(k); ; i = (i + 1) & this.mask) {
      const at = this.keys[i] as number;
      if (at === k) return this.values[i] as number;
      if (at === -1) return -1;
    }
  }
}
