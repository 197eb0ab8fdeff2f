//go:build gc && !purego

#include "go_asm.h"
#include "textflag.h"

// This file implements the vector scans of the searched splits on AVX2 (see scanAVX2 and
// scanTakesAVX2 in sparse_vector_amd64.go).

// SPLITS takes the 32 splits at R11: their values v, 16 to a register, leave in Y2 the bytes
// v>>3 (saturated: 128 or more for v >= 1024) and in Y0 the bytes 1<<(v&7), both in the
// order of VPACKUSWB (splits 0-7, 16-23, 8-15, 24-31).
#define SPLITS \
	VMOVDQU (SI)(R11*2), Y0; \
	VPXOR (DI)(R11*2), Y0, Y0; \
	VMOVDQU 32(SI)(R11*2), Y1; \
	VPXOR 32(DI)(R11*2), Y1, Y1; \
	VPSRLW $3, Y0, Y2; \
	VPSRLW $3, Y1, Y3; \
	VPACKUSWB Y3, Y2, Y2; \
	VPAND Y12, Y0, Y0; \
	VPAND Y12, Y1, Y1; \
	VPACKUSWB Y1, Y0, Y0; \
	VPSHUFB Y0, Y13, Y0

// NEXT looks up the byte of the bit set at the next 16 bytes: Y2 less 16 more (saturated, so
// that a byte below 16·i, or of 128 or more, stays negative and VPSHUFB gives 0), in table T,
// and XORs it into Y1; the tables hold each 16 bytes XORed with the 16 below, so that the sum
// is the byte of the bit set for the bytes that index the last table reached.
#define NEXT(T, tmp) \
	VPSUBSB Y14, Y2, Y2; \
	VPSHUFB Y2, T, tmp; \
	VPXOR tmp, Y1, Y1

// TABLES loads the 16-byte tables of want.bits at R9 into Y4-Y11 (in both lanes) and XORs
// each with the one below.
#define TABLES \
	VBROADCASTI128 (R9), Y4; \
	VBROADCASTI128 16(R9), Y5; \
	VBROADCASTI128 32(R9), Y6; \
	VBROADCASTI128 48(R9), Y7; \
	VBROADCASTI128 64(R9), Y8; \
	VBROADCASTI128 80(R9), Y9; \
	VBROADCASTI128 96(R9), Y10; \
	VBROADCASTI128 112(R9), Y11; \
	VPXOR Y10, Y11, Y11; \
	VPXOR Y9, Y10, Y10; \
	VPXOR Y8, Y9, Y9; \
	VPXOR Y7, Y8, Y8; \
	VPXOR Y6, Y7, Y7; \
	VPXOR Y5, Y6, Y6; \
	VPXOR Y4, Y5, Y5

// func scanAVX2(x, y *uint16, n int, want *wanted, k, tables int) (left, done int)
//
// Registers: SI x, DI y, CX n&^31, R8 want.is, R9 want.bits, R10 k, R11 the splits looked
// at, BX tables. Y4-Y11 hold the 16-byte tables of want.bits (in both lanes), each XORed
// with the one below; Y12 the word 7, Y13 the bytes 1<<(i&7), Y14 the byte 16, Y15 the byte
// 16·tables (2, 4 or 8 tables are looked up: a byte v>>3 at or past Y15 is out of the bit
// set). A run of 32 splits costs one branch; a run with a bit set goes lane by lane, clears
// the bits of the values it looks at in want.bits, and loads the tables again.
TEXT ·scanAVX2(SB), NOSPLIT, $0-64
	MOVQ x+0(FP), SI
	MOVQ y+8(FP), DI
	MOVQ n+16(FP), CX
	ANDQ $-32, CX
	MOVQ want+24(FP), R8
	LEAQ wanted_bits(R8), R9
	MOVQ k+32(FP), R10
	MOVQ tables+40(FP), BX
	XORQ R11, R11
	VPBROADCASTW consts<>+0(SB), Y12
	VMOVDQU bitmask<>(SB), Y13
	VPBROADCASTB consts<>+2(SB), Y14

tables:
	TABLES
	CMPQ BX, $2
	JLE two
	CMPQ BX, $4
	JLE four

eight:                             // 1024 values: every byte below 128 is in the set
	CMPQ R11, CX
	JGE end
	SPLITS
	VPSHUFB Y2, Y4, Y1
	NEXT(Y5, Y3)
	NEXT(Y6, Y3)
	NEXT(Y7, Y3)
	NEXT(Y8, Y3)
	NEXT(Y9, Y3)
	NEXT(Y10, Y3)
	NEXT(Y11, Y3)
	VPAND Y0, Y1, Y1
	VPTEST Y1, Y1
	JNE hit
	ADDQ $32, R11
	JMP eight

four:                              // 512 values
	VPBROADCASTB consts<>+4(SB), Y15
four1:
	CMPQ R11, CX
	JGE end
	SPLITS
	VPCMPGTB Y2, Y15, Y3       // the bytes below 64 (and those of 128 or more, which give 0)
	VPSHUFB Y2, Y4, Y1
	NEXT(Y5, Y8)
	NEXT(Y6, Y8)
	NEXT(Y7, Y8)
	VPAND Y3, Y1, Y1
	VPAND Y0, Y1, Y1
	VPTEST Y1, Y1
	JNE hit
	ADDQ $32, R11
	JMP four1

two:                               // 256 values
	VPBROADCASTB consts<>+3(SB), Y15
two1:
	CMPQ R11, CX
	JGE end
	SPLITS
	VPCMPGTB Y2, Y15, Y3
	VPSHUFB Y2, Y4, Y1
	NEXT(Y5, Y8)
	VPAND Y3, Y1, Y1
	VPAND Y0, Y1, Y1
	VPTEST Y1, Y1
	JNE hit
	ADDQ $32, R11
	JMP two1

hit:                               // the splits of the run whose byte in Y1 is not 0
	VPXOR Y3, Y3, Y3
	VPCMPEQB Y3, Y1, Y1
	VPERMQ $0xd8, Y1, Y1       // the splits in order
	VPMOVMSKB Y1, AX
	NOTL AX
lane:
	TZCNTL AX, DX
	ADDQ R11, DX
	MOVWLZX (SI)(DX*2), R12
	MOVWLZX (DI)(DX*2), R13
	XORL R13, R12              // the value v of the split, below 128·tables
	MOVL R12, DX
	SHRL $6, DX
	MOVQ (R9)(DX*8), R13
	BTRQ R12, R13              // clear v's bit, set or stale
	MOVQ R13, (R9)(DX*8)
	MOVBLZX (R8)(R12*1), R13   // 1 if v is wanted, without a branch: it is unpredictable
	MOVB $0, (R8)(R12*1)
	SUBQ R13, R10
	BLSRL AX, AX
	JNE lane
	ADDQ $32, R11
	TESTQ R10, R10             // all found: the lanes after the last cleared only stale bits
	JNE tables

end:
	MOVQ R10, left+48(FP)
	MOVQ R11, done+56(FP)
	VZEROUPPER
	RET

// TAKE XORs the 32 values G(a) in Y0 (lanes 0-15) and Y1 (16-31) with the 32 at (p), for one
// take, into lo and hi.
#define TAKE(p, lo, hi) \
	VPXOR (p), Y0, lo; \
	VPXOR 32(p), Y1, hi

// MATCH sets Y9 to the lanes of two split registers, a and b, equal to Y8, ORed with Y9.
#define MATCH(a, b) \
	VPCMPEQW Y8, a, Y10; \
	VPCMPEQW Y8, b, Y11; \
	VPOR Y10, Y9, Y9; \
	VPOR Y11, Y9, Y9

// VALUE broadcasts vals[DX] into Y8 and clears Y9, for MATCH.
#define VALUE \
	VPBROADCASTW (R8)(DX*2), Y8; \
	VPXOR Y9, Y9, Y9

// FOUND sets bit DX of R12 (vals[DX] is found) when Y9 is not 0, and goes on to the next
// value at loop.
#define FOUND(loop) \
	MOVQ R12, AX; \
	BTSQ DX, AX; \
	VPTEST Y9, Y9; \
	CMOVQNE AX, R12; \
	INCQ DX; \
	CMPQ DX, R10; \
	JLT loop

// func scanTakesAVX2(x, z *uint16, d1, d2, n int, vals *uint16, count int) (found uint64, done int)
//
// Registers as scanTakesVector's: SI x, DI z, BX 2·d1 (0 for one take), R9 2·d2 (0 for one or
// two), CX n, R8 vals, R10 count, R11 the heaps looked at, R12 found, R13 the mask of all
// count values, DX the index of the value compared. Y15 reverses the words of each lane: a run
// of 32 heaps reverses x once (in Y0 and Y1), so that the larger parts of every take are plain
// loads, ascending, below z. Each value is broadcast and compared with the 32, 64 or 96
// splits' values (Y2-Y7) without a branch.
TEXT ·scanTakesAVX2(SB), NOSPLIT, $0-72
	MOVQ x+0(FP), SI
	MOVQ z+8(FP), DI
	MOVQ d1+16(FP), BX
	SHLQ $1, BX
	MOVQ d2+24(FP), R9
	SHLQ $1, R9
	MOVQ n+32(FP), CX
	MOVQ vals+40(FP), R8
	MOVQ count+48(FP), R10
	XORQ R11, R11
	XORQ R12, R12
	MOVQ $1, R13
	SHLXQ R10, R13, R13
	DECQ R13
	VMOVDQU reversew<>(SB), Y15

takes:
	CMPQ R11, CX
	JGE tend
	VPERMQ $0x4e, 32(SI)(R11*2), Y0
	VPSHUFB Y15, Y0, Y0        // lane j: G(a) for heap a = lo+R11+31-j
	VPERMQ $0x4e, (SI)(R11*2), Y1
	VPSHUFB Y15, Y1, Y1        // lane j: G(a) for heap a = lo+R11+15-j
	MOVQ DI, AX
	SUBQ R11, AX
	SUBQ R11, AX               // lane j of (AX): G(b-a) for the same a
	TAKE(AX, Y2, Y3)           // take 0
	XORQ DX, DX
	TESTQ BX, BX
	JEQ one
	MOVQ AX, DX
	SUBQ BX, DX
	TAKE(DX, Y4, Y5)           // take 1
	XORQ DX, DX
	TESTQ R9, R9
	JEQ two
	SUBQ R9, AX
	TAKE(AX, Y6, Y7)           // take 2

three:
	VALUE
	MATCH(Y2, Y3)
	MATCH(Y4, Y5)
	MATCH(Y6, Y7)
	FOUND(three)
	JMP next

two:
	VALUE
	MATCH(Y2, Y3)
	MATCH(Y4, Y5)
	FOUND(two)
	JMP next

one:
	VALUE
	MATCH(Y2, Y3)
	FOUND(one)

next:
	ADDQ $32, R11
	CMPQ R12, R13
	JNE takes

tend:
	MOVQ R12, found+56(FP)
	MOVQ R11, done+64(FP)
	VZEROUPPER
	RET

// bitmask holds the bytes 1<<(i&7), i < 32, for VPSHUFB.
DATA bitmask<>+0(SB)/8, $0x8040201008040201
DATA bitmask<>+8(SB)/8, $0x8040201008040201
DATA bitmask<>+16(SB)/8, $0x8040201008040201
DATA bitmask<>+24(SB)/8, $0x8040201008040201
GLOBL bitmask<>(SB), RODATA|NOPTR, $32

// consts holds the word 7 and the bytes 16, 32 and 64, for VPBROADCASTW and VPBROADCASTB
// (which take no general register on AVX2; a legacy MOVQ to an X register while the upper
// halves are in use costs about 100 ns on AMD Zen 3).
DATA consts<>+0(SB)/8, $0x0000004020100007
GLOBL consts<>(SB), RODATA|NOPTR, $8

// reversew reverses the eight words of each 16-byte lane, for VPSHUFB.
DATA reversew<>+0(SB)/8, $0x09080b0a0d0c0f0e
DATA reversew<>+8(SB)/8, $0x0100030205040706
DATA reversew<>+16(SB)/8, $0x09080b0a0d0c0f0e
DATA reversew<>+24(SB)/8, $0x0100030205040706
GLOBL reversew<>(SB), RODATA|NOPTR, $32

// func farSplitsAVX2(parts *uint32, count int, h *uint16, sets *[8]uint64)
//
// Registers: SI the next part, CX the parts left, DI h, Y0 and Y1 the sets of heaps 0-3 and
// 4-7, Y2 the quadword 63, Y3 the quadword 1.
TEXT ·farSplitsAVX2(SB), NOSPLIT, $0-32
	MOVQ parts+0(FP), SI
	MOVQ count+8(FP), CX
	MOVQ h+16(FP), DI
	MOVQ sets+24(FP), DX
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	MOVQ $63, AX
	VMOVQ AX, X2
	VPBROADCASTQ X2, Y2
	MOVQ $1, AX
	VMOVQ AX, X3
	VPBROADCASTQ X3, Y3
	TESTQ CX, CX
	JZ done

loop:
	MOVL (SI), AX
	MOVL AX, BX
	SHRL $26, AX
	ANDL $0x3ffffff, BX
	MOVQ DI, R8
	SUBQ BX, R8
	SUBQ BX, R8
	VMOVQ AX, X4
	VPBROADCASTQ X4, Y4
	VPMOVZXWQ 16(R8), Y5
	VPMOVZXWQ 24(R8), Y6
	VPXOR Y4, Y5, Y5
	VPXOR Y4, Y6, Y6
	VPAND Y2, Y5, Y5
	VPAND Y2, Y6, Y6
	VPSLLVQ Y5, Y3, Y5
	VPSLLVQ Y6, Y3, Y6
	VPOR Y5, Y0, Y0
	VPOR Y6, Y1, Y1
	ADDQ $4, SI
	DECQ CX
	JNZ loop

done:
	VMOVDQU Y0, (DX)
	VMOVDQU Y1, 32(DX)
	VZEROUPPER
	RET
