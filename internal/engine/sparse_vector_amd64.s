//go:build gc && !purego

#include "go_asm.h"
#include "textflag.h"

// This file implements the vector scans of the searched splits (see scanVector and
// scanTakesVector in sparse_vector_amd64.go) and the CPU checks they need.

// func scanVector(x, y *uint16, n int, want *wanted, k int) (left, done int)
//
// Registers: SI x, DI y, CX n, R8 want.is, R9 want.bits, R10 k, R11 the splits looked at.
// Z0, Z1 hold want.bits (values 0-511, 512-1023), stored back at the end; Z29 0xfc00, Z30 15
// and Z31 1 in each word. The splits are taken 64 at a time with one branch, then 32; a run
// with a wanted value (or one of 1024 or more, which the bits do not hold) goes lane by lane.
TEXT ·scanVector(SB), NOSPLIT, $8-56
	MOVQ x+0(FP), SI
	MOVQ y+8(FP), DI
	MOVQ n+16(FP), CX
	MOVQ want+24(FP), R8
	LEAQ wanted_bits(R8), R9
	MOVQ k+32(FP), R10
	XORQ R11, R11
	MOVL $0xfc00, AX
	VPBROADCASTW AX, Z29
	MOVL $15, AX
	VPBROADCASTW AX, Z30
	MOVL $1, AX
	VPBROADCASTW AX, Z31
	VMOVDQU64 (R9), Z0
	VMOVDQU64 64(R9), Z1

pair:                          // 64 splits, with one branch
	MOVQ CX, AX
	SUBQ R11, AX
	CMPQ AX, $64
	JLT loop
	VMOVDQU16 (SI)(R11*2), Z2
	VPXORQ (DI)(R11*2), Z2, Z2
	VMOVDQU16 64(SI)(R11*2), Z7
	VPXORQ 64(DI)(R11*2), Z7, Z7
	VPSRLW $4, Z2, Z3
	VPSRLW $4, Z7, Z8
	VPERMI2W Z1, Z0, Z3
	VPERMI2W Z1, Z0, Z8
	VPANDQ Z30, Z2, Z4
	VPANDQ Z30, Z7, Z9
	VPSRLVW Z4, Z3, Z3
	VPSRLVW Z9, Z8, Z8
	VPTESTMW Z31, Z3, K1
	VPTESTMW Z29, Z2, K2
	VPTESTMW Z31, Z8, K5
	VPTESTMW Z29, Z7, K6
	KORD K2, K1, K1
	KORD K6, K5, K5
	KUNPCKDQ K1, K5, K1
	KORTESTQ K1, K1
	JNZ hit64
	ADDQ $64, R11
	JMP pair

hit64:
	KMOVQ K1, AX
	MOVQ $64, step-8(SP)
	JMP lane

loop:
	CMPQ R11, CX
	JGE end
	VMOVDQU16 (SI)(R11*2), Z2
	VPXORQ (DI)(R11*2), Z2, Z2 // the values of 32 splits
	VPSRLW $4, Z2, Z3
	VPERMI2W Z1, Z0, Z3        // the word of want.bits that holds each value's bit
	VPANDQ Z30, Z2, Z4
	VPSRLVW Z4, Z3, Z3
	VPTESTMW Z31, Z3, K1       // the splits whose value's bit is set
	VPTESTMW Z29, Z2, K2       // the splits whose value is 1024 or more, which bits does not hold
	KORD K2, K1, K1
	KORTESTD K1, K1
	JNZ hit
	ADDQ $32, R11
	JMP loop

hit:
	KMOVD K1, AX
	MOVQ $32, step-8(SP)
lane:
	TZCNTQ AX, BX
	ADDQ R11, BX
	MOVWLZX (SI)(BX*2), R12
	MOVWLZX (DI)(BX*2), R13
	XORL R13, R12              // the value v of the split
	CMPL R12, $1024
	JCC check
	MOVL R12, DX               // clear v's bit in Z0:Z1, set or stale: bit v&15 of word v>>4
	SHRL $4, DX
	MOVL $1, R13
	SHLXQ DX, R13, R13
	KMOVQ R13, K3              // the word's lane in K3 (Z0) or K4 (Z1)
	KSHIFTRQ $32, K3, K4
	MOVL R12, DX
	ANDL $15, DX
	MOVL $1, R13
	SHLXL DX, R13, R13
	VPBROADCASTW.Z R13, K3, Z5
	VPBROADCASTW.Z R13, K4, Z6
	VPANDNQ Z0, Z5, Z0
	VPANDNQ Z1, Z6, Z1
check:
	MOVBLZX (R8)(R12*1), R13
	TESTL R13, R13
	JEQ next
	MOVB $0, (R8)(R12*1)
	DECQ R10
	JEQ last
next:
	BLSRQ AX, AX
	JNE lane
	ADDQ step-8(SP), R11
	JMP pair

last:
	ADDQ step-8(SP), R11
end:
	VMOVDQU64 Z0, (R9)
	VMOVDQU64 Z1, 64(R9)
	MOVQ R10, left+40(FP)
	MOVQ R11, done+48(FP)
	VZEROUPPER
	RET

// FOUND sets bit DX of R12 (vals[DX] is found) when K1 is not 0, and goes on to the next
// value at loop.
#define FOUND(loop) \
	MOVQ R12, AX; \
	BTSQ DX, AX; \
	KORTESTD K1, K1; \
	CMOVQNE AX, R12; \
	INCQ DX; \
	CMPQ DX, R10; \
	JLT loop

// func scanTakesVector(x, z *uint16, d1, d2, n int, vals *uint16, count int) (found uint64, done int)
//
// Registers: SI x, DI z, BX 2·d1 (0 for one take), R9 2·d2 (0 for one or two), CX n, R8 vals,
// R10 count, R11 the heaps looked at, R12 found, R13 the mask of all count values, DX the
// index of the value compared. Z28 holds the lane indices 31 down to 0: a run of 32 heaps
// reverses x once, so that the larger parts of every take are plain loads, ascending, below
// z. Each value is broadcast and compared with the values of the 32, 64 or 96 splits (one,
// two or three takes) without a branch.
TEXT ·scanTakesVector(SB), NOSPLIT, $0-72
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
	VMOVDQU64 reverse<>(SB), Z28

takes:
	CMPQ R11, CX
	JGE tend
	VPERMW (SI)(R11*2), Z28, Z2 // lane j: G(a) for heap a = lo+R11+31-j
	MOVQ DI, AX
	SUBQ R11, AX
	SUBQ R11, AX               // lane j of (AX): G(b-a) for the same a
	VPXORQ (AX), Z2, Z5        // take 0
	XORQ DX, DX
	TESTQ BX, BX
	JEQ one
	MOVQ AX, DX
	SUBQ BX, DX
	VPXORQ (DX), Z2, Z6        // take 1
	XORQ DX, DX
	TESTQ R9, R9
	JEQ two
	SUBQ R9, AX
	VPXORQ (AX), Z2, Z7        // take 2

three:
	VPBROADCASTW (R8)(DX*2), Z8
	VPCMPEQW Z8, Z5, K1
	VPCMPEQW Z8, Z6, K2
	VPCMPEQW Z8, Z7, K3
	KORD K1, K2, K1
	KORD K3, K1, K1
	FOUND(three)
	JMP next

two:
	VPBROADCASTW (R8)(DX*2), Z8
	VPCMPEQW Z8, Z5, K1
	VPCMPEQW Z8, Z6, K2
	KORD K1, K2, K1
	FOUND(two)
	JMP next

one:
	VPBROADCASTW (R8)(DX*2), Z8
	VPCMPEQW Z8, Z5, K1
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

// reverse holds the lane indices 31 down to 0, for VPERMW.
DATA reverse<>+0(SB)/8, $0x001c001d001e001f
DATA reverse<>+8(SB)/8, $0x00180019001a001b
DATA reverse<>+16(SB)/8, $0x0014001500160017
DATA reverse<>+24(SB)/8, $0x0010001100120013
DATA reverse<>+32(SB)/8, $0x000c000d000e000f
DATA reverse<>+40(SB)/8, $0x00080009000a000b
DATA reverse<>+48(SB)/8, $0x0004000500060007
DATA reverse<>+56(SB)/8, $0x0000000100020003
GLOBL reverse<>(SB), RODATA|NOPTR, $64

// func cpuid(leaf, sub uint32) (a, b, c, d uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL leaf+0(FP), AX
	MOVL sub+4(FP), CX
	CPUID
	MOVL AX, a+8(FP)
	MOVL BX, b+12(FP)
	MOVL CX, c+16(FP)
	MOVL DX, d+20(FP)
	RET

// func xgetbv() (lo, hi uint32)
TEXT ·xgetbv(SB), NOSPLIT, $0-8
	MOVL $0, CX
	XGETBV
	MOVL AX, lo+0(FP)
	MOVL DX, hi+4(FP)
	RET
