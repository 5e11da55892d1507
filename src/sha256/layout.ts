// Where the SHA-256 module (assembly.ts) keeps its words, which digest.ts fills and reads: the round
// constants (its data), the hash state, the message schedule, then the padded message.
export const LAYOUT = { roundConstants: 0, state: 256, schedule: 512, message: 1024 } as const;
