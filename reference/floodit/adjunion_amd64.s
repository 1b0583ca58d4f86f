#include "textflag.h"

// UNIONWORD ORs into o0-o2 the neighbour sets (three words each, in the
// table at base) of the regions of the word w of a set, the off-th byte of
// the table being the word's first region; i is a scratch register, and w
// ends empty.
#define UNIONWORD(w, i, base, off, o0, o1, o2, loop, next) \
	TESTQ w, w; \
	JZ next; \
loop: \
	TZCNTQ w, i; \
	LEAQ (i)(i*2), i; \
	ORQ off(base)(i*8), o0; \
	ORQ off+8(base)(i*8), o1; \
	ORQ off+16(base)(i*8), o2; \
	BLSRQ w, w; \
	JNZ loop; \
next:

// func adjUnionBMI(adj *[192][3]uint64, s0, s1, s2 uint64) (o0, o1, o2 uint64)
//
// adjUnion3 with BMI1's TZCNT and BLSR: w &= w - 1 takes one cycle instead
// of two (GOAMD64=v1, Go's default, has LEA and AND), and that chain is the
// loop's critical path. See adjunion_amd64.go.
TEXT ·adjUnionBMI(SB), NOSPLIT, $0-56
	MOVQ adj+0(FP), DI
	XORQ AX, AX
	XORQ BX, BX
	XORQ CX, CX
	MOVQ s0+8(FP), SI
	UNIONWORD(SI, DX, DI, 0, AX, BX, CX, loop0, word1)
	MOVQ s1+16(FP), SI
	UNIONWORD(SI, DX, DI, 1536, AX, BX, CX, loop1, word2)
	MOVQ s2+24(FP), SI
	UNIONWORD(SI, DX, DI, 3072, AX, BX, CX, loop2, done)
	MOVQ AX, o0+32(FP)
	MOVQ BX, o1+40(FP)
	MOVQ CX, o2+48(FP)
	RET

// func layersBMI(cm *[16][3]uint64, adj *[192][3]uint64, tail unsafe.Pointer, v0, v1, v2, c0, c1, c2 uint64, cols uint32, limit int) int
//
// layers3 in assembly (BMI1 and POPCNT): the sets seen (R8-R10) and the
// current layer (R11-R13) stay in registers, adj in DI; the cost so far
// and the colours left live in the frame. tail is a *snapshots[[3]uint64]
// or nil. TestLayersBMI checks the offsets used below, TestLayers3 the
// results against layers.
TEXT ·layersBMI(SB), NOSPLIT, $16-96
	MOVQ adj+8(FP), DI
	MOVQ v0+24(FP), R8
	MOVQ v1+32(FP), R9
	MOVQ v2+40(FP), R10
	MOVQ c0+48(FP), R11
	MOVQ c1+56(FP), R12
	MOVQ c2+64(FP), R13
	MOVL cols+72(FP), BX
	MOVL BX, 8(SP)
	MOVQ $0, 0(SP)

step:
	// One colour or none left: each costs its move.
	MOVL 8(SP), BX
	BLSRL BX, AX
	JNZ  test
	POPCNTL BX, AX
	ADDQ 0(SP), AX
	MOVQ AX, ret+88(FP)
	RET

test:
	// done (R14): the colours left whose regions are all seen.
	MOVQ cm+0(FP), SI
	MOVL BX, CX
	XORL R14, R14

colour:
	BLSIL CX, DX
	TZCNTL CX, AX
	LEAQ (AX)(AX*2), AX
	ANDNQ 0(SI)(AX*8), R8, R15
	ANDNQ 8(SI)(AX*8), R9, BX
	ORQ  BX, R15
	ANDNQ 16(SI)(AX*8), R10, BX
	ORQ  BX, R15
	MOVL $0, BX
	CMOVLNE BX, DX
	ORL  DX, R14
	BLSRL CX, CX
	JNZ  colour

	// left = dist + colours left + (no colour done); above limit: stop.
	MOVL 8(SP), BX
	POPCNTL BX, AX
	ADDQ 0(SP), AX
	XORL CX, CX
	TESTL R14, R14
	SETEQ CX
	ADDQ CX, AX
	CMPQ AX, limit+80(FP)
	JLE  play
	MOVQ AX, ret+88(FP)
	RET

play:
	TESTL R14, R14
	JZ   layer

	// Play the completing colours: their regions of the layer (p, in
	// AX BX CX) leave it, and their neighbours are the union's input.
	POPCNTL R14, AX
	ADDQ AX, 0(SP)
	MOVL 8(SP), BX
	ANDNL BX, R14, BX
	MOVL BX, 8(SP)
	XORQ AX, AX
	XORQ BX, BX
	XORQ CX, CX

played:
	TZCNTL R14, R15
	LEAQ (R15)(R15*2), R15
	MOVQ 0(SI)(R15*8), DX
	ANDQ R11, DX
	ORQ  DX, AX
	MOVQ 8(SI)(R15*8), DX
	ANDQ R12, DX
	ORQ  DX, BX
	MOVQ 16(SI)(R15*8), DX
	ANDQ R13, DX
	ORQ  DX, CX
	BLSRL R14, R14
	JNZ  played
	ANDNQ R11, AX, R11
	ANDNQ R12, BX, R12
	ANDNQ R13, CX, R13
	JMP  union

layer:
	// A layer step: record it in tail, then the whole layer is the
	// union's input and the next layer starts empty.
	MOVQ tail+16(FP), R14
	TESTQ R14, R14
	JZ   notail
	MOVQ 256(R14), R15
	INCQ R15
	MOVQ R15, 256(R14)
	ANDQ $3, R15
	SHLQ $6, R15
	ADDQ R14, R15
	ANDNQ R8, R11, AX
	MOVQ AX, 0(R15)
	ANDNQ R9, R12, AX
	MOVQ AX, 8(R15)
	ANDNQ R10, R13, AX
	MOVQ AX, 16(R15)
	MOVQ R11, 24(R15)
	MOVQ R12, 32(R15)
	MOVQ R13, 40(R15)
	MOVL 8(SP), AX
	MOVL AX, 48(R15)
	MOVQ 0(SP), AX
	MOVQ AX, 56(R15)

notail:
	INCQ 0(SP)
	MOVQ R11, AX
	MOVQ R12, BX
	MOVQ R13, CX
	XORQ R11, R11
	XORQ R12, R12
	XORQ R13, R13

union:
	// f (DX SI R14) = the neighbours of AX BX CX.
	XORQ DX, DX
	XORQ SI, SI
	XORQ R14, R14
	UNIONWORD(AX, R15, DI, 0, DX, SI, R14, union0, union1)
	UNIONWORD(BX, R15, DI, 1536, DX, SI, R14, union1loop, union2)
	UNIONWORD(CX, R15, DI, 3072, DX, SI, R14, union2loop, merge)

	// The new regions join the seen set and the layer.
	ANDNQ DX, R8, DX
	ANDNQ SI, R9, SI
	ANDNQ R14, R10, R14
	ORQ  DX, R8
	ORQ  SI, R9
	ORQ  R14, R10
	ORQ  DX, R11
	ORQ  SI, R12
	ORQ  R14, R13
	JMP  step
