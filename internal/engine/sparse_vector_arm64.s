//go:build gc && !purego

#include "go_asm.h"
#include "textflag.h"

// This file implements the vector scans of the searched splits on arm64 NEON (see
// scanVectorNEON and scanTakesNEON in sparse_vector_arm64.go).

// REV8 reverses the eight words of src into dst.
#define REV8(src, dst) \
	VREV64 src.H8, dst.H8; \
	VEXT $8, dst.B16, dst.B16, dst.B16

// TAKE XORs the 32 values G(a) in V4-V7 with the 32 at (p), for one take, into d0-d3.
#define TAKE(p, d0, d1, d2, d3) \
	VLD1 (p), [V16.H8, V17.H8, V18.H8, V19.H8]; \
	VEOR V16.B16, V4.B16, d0.B16; \
	VEOR V17.B16, V5.B16, d1.B16; \
	VEOR V18.B16, V6.B16, d2.B16; \
	VEOR V19.B16, V7.B16, d3.B16

// MATCH4 ORs into V25 the lanes of four split registers equal to V24.
#define MATCH4(a, b, c, d) \
	VCMEQ V24.H8, a.H8, V26.H8; \
	VCMEQ V24.H8, b.H8, V27.H8; \
	VCMEQ V24.H8, c.H8, V28.H8; \
	VCMEQ V24.H8, d.H8, V29.H8; \
	VORR V26.B16, V25.B16, V25.B16; \
	VORR V27.B16, V25.B16, V25.B16; \
	VORR V28.B16, V25.B16, V25.B16; \
	VORR V29.B16, V25.B16, V25.B16

// VALUE broadcasts vals[R10] into V24 and clears V25, for MATCH4.
#define VALUE \
	MOVHU (R5)(R10<<1), R11; \
	VDUP R11, V24.H8; \
	VEOR V25.B16, V25.B16, V25.B16

// FOUND sets bit R10 of R8 (vals[R10] is found) when V25 is not 0, and goes on to the next
// value at loop.
#define FOUND(loop) \
	VMOV V25.D[0], R14; \
	VMOV V25.D[1], R15; \
	ORR R14, R15, R14; \
	CMP $0, R14; \
	CSET NE, R14; \
	LSL R10, R14, R14; \
	ORR R14, R8, R8; \
	ADD $1, R10, R10; \
	CMP R6, R10; \
	BLT loop

// func scanTakesNEON(x, z *uint16, d1, d2, n int, vals *uint16, count int) (found uint64, done int)
//
// Registers as scanTakesVector's on amd64: R0 x, R1 z, R2 2·d1 (0 for one take), R3 2·d2 (0
// for one or two), R4 n, R5 vals, R6 count, R7 the heaps looked at, R8 found, R9 the mask of
// all count values, R10 the index of the value compared. A run of 32 heaps reverses x once
// (V4-V7), so that the larger parts of every take are plain loads, ascending, below z; each
// value is broadcast (V24) and compared with the 32, 64 or 96 splits' values (V8-V15,
// V20-V23) without a branch.
TEXT ·scanTakesNEON(SB), NOSPLIT, $0-72
	MOVD x+0(FP), R0
	MOVD z+8(FP), R1
	MOVD d1+16(FP), R2
	LSL $1, R2, R2
	MOVD d2+24(FP), R3
	LSL $1, R3, R3
	MOVD n+32(FP), R4
	MOVD vals+40(FP), R5
	MOVD count+48(FP), R6
	MOVD $0, R7
	MOVD $0, R8
	MOVD $1, R9
	LSL R6, R9, R9
	SUB $1, R9, R9

takes:
	CMP R4, R7
	BGE tend
	ADD R7<<1, R0, R11
	VLD1 (R11), [V0.H8, V1.H8, V2.H8, V3.H8]
	REV8(V3, V4)               // lane j of V4-V7: G(a) for heap a = lo+R7+31-j
	REV8(V2, V5)
	REV8(V1, V6)
	REV8(V0, V7)
	SUB R7<<1, R1, R12         // lane j of (R12): G(b-a) for the same a
	TAKE(R12, V8, V9, V10, V11) // take 0
	MOVD $0, R10
	CBZ R2, one
	SUB R2, R12, R13
	TAKE(R13, V12, V13, V14, V15) // take 1
	CBZ R3, two
	SUB R3, R12, R13
	TAKE(R13, V20, V21, V22, V23) // take 2

three:
	VALUE
	MATCH4(V8, V9, V10, V11)
	MATCH4(V12, V13, V14, V15)
	MATCH4(V20, V21, V22, V23)
	FOUND(three)
	B next

two:
	VALUE
	MATCH4(V8, V9, V10, V11)
	MATCH4(V12, V13, V14, V15)
	FOUND(two)
	B next

one:
	VALUE
	MATCH4(V8, V9, V10, V11)
	FOUND(one)

next:
	ADD $32, R7, R7
	CMP R9, R8
	BNE takes

tend:
	MOVD R8, found+56(FP)
	MOVD R7, done+64(FP)
	RET

// func scanVectorNEON(x, y *uint16, n int, want *wanted, k int) (left, done int)
//
// Registers: R0 x, R1 y, R2 n, R3 want.is, R4 want.bits, R5 k, R6 the splits looked at.
// V16-V23 hold want.bits (128 bytes, looked up with VTBL, 64 at a time), V30 the bytes
// 1<<(i&7), V29 the byte 7, V28 the byte 64, V27 the word 0xfc00. The splits are taken 16 at
// a time with one branch; a run with a wanted value (or one of 1024 or more, which the bits do
// not hold) goes lane by lane, clearing the bits of the values it looks at, and loads the bits
// again.
TEXT ·scanVectorNEON(SB), NOSPLIT, $0-56
	MOVD x+0(FP), R0
	MOVD y+8(FP), R1
	MOVD n+16(FP), R2
	MOVD want+24(FP), R3
	ADD $wanted_bits, R3, R4
	MOVD k+32(FP), R5
	MOVD $0, R6
	MOVD $0x8040201008040201, R7
	VMOV R7, V30.D[0]
	VMOV R7, V30.D[1]
	MOVD $7, R7
	VDUP R7, V29.B16
	MOVD $64, R7
	VDUP R7, V28.B16
	MOVD $0xfc00, R7
	VDUP R7, V27.H8

reload:
	VLD1 (R4), [V16.B16, V17.B16, V18.B16, V19.B16]
	ADD $64, R4, R8
	VLD1 (R8), [V20.B16, V21.B16, V22.B16, V23.B16]

loop:
	CMP R2, R6
	BGE end
	ADD R6<<1, R0, R8
	ADD R6<<1, R1, R9
	VLD1 (R8), [V0.H8, V1.H8]
	VLD1 (R9), [V2.H8, V3.H8]
	VEOR V2.B16, V0.B16, V0.B16
	VEOR V3.B16, V1.B16, V1.B16 // the values v of 16 splits
	VUSHR $3, V0.H8, V2.H8
	VUSHR $3, V1.H8, V3.H8
	VUZP1 V3.B16, V2.B16, V2.B16 // the byte of each value's bit (right for v < 1024)
	VUZP1 V1.B16, V0.B16, V4.B16
	VAND V29.B16, V4.B16, V4.B16
	VTBL V4.B16, [V30.B16], V4.B16 // the bit in that byte
	VTBL V2.B16, [V16.B16, V17.B16, V18.B16, V19.B16], V5.B16
	VSUB V28.B16, V2.B16, V2.B16
	VTBL V2.B16, [V20.B16, V21.B16, V22.B16, V23.B16], V6.B16
	VORR V6.B16, V5.B16, V5.B16
	VAND V4.B16, V5.B16, V5.B16  // the splits whose value's bit is set
	VORR V1.B16, V0.B16, V7.B16
	VAND V27.B16, V7.B16, V7.B16 // some value is 1024 or more
	VORR V7.B16, V5.B16, V5.B16
	VMOV V5.D[0], R10
	VMOV V5.D[1], R11
	ORR R10, R11, R10
	CBNZ R10, hit
	ADD $16, R6, R6
	B loop

hit:
	MOVD $0, R12
lane:
	ADD R6, R12, R13
	MOVHU (R0)(R13<<1), R14
	MOVHU (R1)(R13<<1), R15
	EOR R15, R14, R14          // the value v of the split
	CMP $1024, R14
	BHS check
	LSR $6, R14, R15           // clear v's bit, set or stale
	MOVD (R4)(R15<<3), R19
	MOVD $1, R20
	LSL R14, R20, R20
	BIC R20, R19, R19
	MOVD R19, (R4)(R15<<3)
check:
	MOVBU (R3)(R14), R19
	CBZ R19, next
	MOVB ZR, (R3)(R14)
	SUB $1, R5, R5
	CBZ R5, last
next:
	ADD $1, R12, R12
	CMP $16, R12
	BLT lane
	ADD $16, R6, R6
	B reload

last:
	ADD $16, R6, R6
end:
	MOVD R5, left+40(FP)
	MOVD R6, done+48(FP)
	RET
