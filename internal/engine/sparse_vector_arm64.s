//go:build gc && !purego

#include "textflag.h"

// This file implements the vector scan of the searched splits of two or three takes on arm64
// NEON (see scanTakesNEON in sparse_vector_arm64.go).

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

// FOUND sets bit R10 of R8 when V25 is not 0.
#define FOUND \
	VMOV V25.D[0], R14; \
	VMOV V25.D[1], R15; \
	ORR R14, R15, R14; \
	CMP $0, R14; \
	CSET NE, R14; \
	LSL R10, R14, R14; \
	ORR R14, R8, R8

// func scanTakesNEON(x, z *uint16, d1, d2, n int, vals *uint16, count int) (found uint64, done int)
//
// Registers as scanTakesVector's on amd64: R0 x, R1 z, R2 2·d1, R3 2·d2 (0 for two takes), R4
// n, R5 vals, R6 count, R7 the heaps looked at, R8 found, R9 the mask of all count values, R10
// the index of the value compared. A run of 32 heaps reverses x once (V4-V7), so that the
// larger parts of every take are plain loads, ascending, below z; each value is broadcast
// (V24) and compared with the 64 or 96 splits' values (V8-V15, V20-V23) without a branch.
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
	SUB R2, R12, R13
	TAKE(R13, V12, V13, V14, V15) // take 1
	MOVD $0, R10
	CBZ R3, two
	SUB R3, R12, R13
	TAKE(R13, V20, V21, V22, V23) // take 2

three:
	MOVHU (R5)(R10<<1), R11
	VDUP R11, V24.H8
	VEOR V25.B16, V25.B16, V25.B16
	MATCH4(V8, V9, V10, V11)
	MATCH4(V12, V13, V14, V15)
	MATCH4(V20, V21, V22, V23)
	FOUND                      // vals[R10] is found
	ADD $1, R10, R10
	CMP R6, R10
	BLT three
	B next

two:
	MOVHU (R5)(R10<<1), R11
	VDUP R11, V24.H8
	VEOR V25.B16, V25.B16, V25.B16
	MATCH4(V8, V9, V10, V11)
	MATCH4(V12, V13, V14, V15)
	FOUND
	ADD $1, R10, R10
	CMP R6, R10
	BLT two

next:
	ADD $32, R7, R7
	CMP R9, R8
	BNE takes

tend:
	MOVD R8, found+56(FP)
	MOVD R7, done+64(FP)
	RET
