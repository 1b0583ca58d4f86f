#include "textflag.h"

// idxbytes holds the bytes 0-255, the region numbers that VPCOMPRESSB
// packs for UNIONLIST (see IDXLOAD).
DATA idxbytes<>+0(SB)/8, $0x0706050403020100
DATA idxbytes<>+8(SB)/8, $0x0f0e0d0c0b0a0908
DATA idxbytes<>+16(SB)/8, $0x1716151413121110
DATA idxbytes<>+24(SB)/8, $0x1f1e1d1c1b1a1918
DATA idxbytes<>+32(SB)/8, $0x2726252423222120
DATA idxbytes<>+40(SB)/8, $0x2f2e2d2c2b2a2928
DATA idxbytes<>+48(SB)/8, $0x3736353433323130
DATA idxbytes<>+56(SB)/8, $0x3f3e3d3c3b3a3938
DATA idxbytes<>+64(SB)/8, $0x4746454443424140
DATA idxbytes<>+72(SB)/8, $0x4f4e4d4c4b4a4948
DATA idxbytes<>+80(SB)/8, $0x5756555453525150
DATA idxbytes<>+88(SB)/8, $0x5f5e5d5c5b5a5958
DATA idxbytes<>+96(SB)/8, $0x6766656463626160
DATA idxbytes<>+104(SB)/8, $0x6f6e6d6c6b6a6968
DATA idxbytes<>+112(SB)/8, $0x7776757473727170
DATA idxbytes<>+120(SB)/8, $0x7f7e7d7c7b7a7978
DATA idxbytes<>+128(SB)/8, $0x8786858483828180
DATA idxbytes<>+136(SB)/8, $0x8f8e8d8c8b8a8988
DATA idxbytes<>+144(SB)/8, $0x9796959493929190
DATA idxbytes<>+152(SB)/8, $0x9f9e9d9c9b9a9998
DATA idxbytes<>+160(SB)/8, $0xa7a6a5a4a3a2a1a0
DATA idxbytes<>+168(SB)/8, $0xafaeadacabaaa9a8
DATA idxbytes<>+176(SB)/8, $0xb7b6b5b4b3b2b1b0
DATA idxbytes<>+184(SB)/8, $0xbfbebdbcbbbab9b8
DATA idxbytes<>+192(SB)/8, $0xc7c6c5c4c3c2c1c0
DATA idxbytes<>+200(SB)/8, $0xcfcecdcccbcac9c8
DATA idxbytes<>+208(SB)/8, $0xd7d6d5d4d3d2d1d0
DATA idxbytes<>+216(SB)/8, $0xdfdedddcdbdad9d8
DATA idxbytes<>+224(SB)/8, $0xe7e6e5e4e3e2e1e0
DATA idxbytes<>+232(SB)/8, $0xefeeedecebeae9e8
DATA idxbytes<>+240(SB)/8, $0xf7f6f5f4f3f2f1f0
DATA idxbytes<>+248(SB)/8, $0xfffefdfcfbfaf9f8
GLOBL idxbytes<>(SB), RODATA|NOPTR, $256

// UNIONWORD ORs into o0-o2 the neighbour sets (three words each, in rows
// of 32 bytes in the table at base: rows32) of the regions of the word w
// of a set, the off-th byte of the table being the word's first region; i
// is a scratch register, and w ends empty.
#define UNIONWORD(w, i, base, off, o0, o1, o2, loop, next) \
	TESTQ w, w; \
	JZ next; \
loop: \
	TZCNTQ w, i; \
	SHLQ $5, i; \
	ORQ off(base)(i*1), o0; \
	ORQ off+8(base)(i*1), o1; \
	ORQ off+16(base)(i*1), o2; \
	BLSRQ w, w; \
	JNZ loop; \
next:

// UNIONWORD4 is UNIONWORD for four-word neighbour sets (32 bytes a
// region, so a word of the set spans 2048 bytes of the table).
#define UNIONWORD4(w, i, base, off, o0, o1, o2, o3, loop, next) \
	TESTQ w, w; \
	JZ next; \
loop: \
	TZCNTQ w, i; \
	SHLQ $5, i; \
	ORQ off(base)(i*1), o0; \
	ORQ off+8(base)(i*1), o1; \
	ORQ off+16(base)(i*1), o2; \
	ORQ off+24(base)(i*1), o3; \
	BLSRQ w, w; \
	JNZ loop; \
next:

// PACK packs the region numbers of the set word w into zout (VPCOMPRESSB
// of the numbers in zidx under w as the mask k) and leaves their count in
// w.
#define PACK(w, k, zidx, zout) \
	KMOVQ w, k; \
	VPCOMPRESSB.Z zidx, k, zout; \
	POPCNTQ w, w

// APPEND stores the packed numbers zout at buf after the n numbers stored
// so far (all 64 bytes of zout: the next APPEND writes over the rest) and
// adds their count w to n.
#define APPEND(zout, w, n, buf) \
	VMOVDQU64 zout, buf(n*1); \
	ADDQ w, n

// ROW ORs into y the neighbour row (32 bytes a region: four words, or
// three and a zero) of the region numbered by the byte at off(p); i is a
// scratch register.
#define ROW(off, p, i, base, y) \
	MOVBQZX off(p), i; \
	SHLQ $5, i; \
	VPORQ (base)(i*1), y, y

// PAD writes eight copies of the first number of the list at p after its
// n numbers and leaves the list's end, p + n, in n: ORing a row twice
// changes nothing, so the list can be walked eight numbers at a time. t is
// a scratch register.
#define PAD(p, n, i, t) \
	MOVBQZX (p), i; \
	MOVQ $0x0101010101010101, t; \
	IMULQ t, i; \
	MOVQ i, (p)(n*1); \
	ADDQ p, n

// PAD3 is PAD for three-word sets: the copies are of the number 192,
// whose row is all zero (rows32 leaves a zero row after the 192 rows of a
// three-word graph). They do not wait for the list's first number, which
// is forwarded from the store of the packed numbers: a completing step's
// union (one to eight regions) reads its copies in its only pass.
#define PAD3(p, n, i, t) \
	MOVQ $0xC0C0C0C0C0C0C0C0, t; \
	MOVQ t, (p)(n*1); \
	ADDQ p, n

// PASSES walks the list of w0 numbers at buf (UNIONLIST), eight a pass,
// ORing each number's row (ROW) into Y24 and Y25 (pad: PAD3 or PAD), then ORs
// the first three words of their union into o0-o2 (and leaves the fourth
// in the upper half of X25); w1 and w2 are scratch registers. With an
// empty list it jumps to next.
#define PASSES(pad, w0, w1, w2, i, base, buf, o0, o1, o2, loop, next) \
	TESTQ w0, w0; \
	JZ next; \
	LEAQ buf, w2; \
	pad(w2, w0, i, w1); \
	VPXORQ Y24, Y24, Y24; \
	VPXORQ Y25, Y25, Y25; \
loop: \
	ROW(0, w2, i, base, Y24); \
	ROW(1, w2, i, base, Y25); \
	ROW(2, w2, i, base, Y24); \
	ROW(3, w2, i, base, Y25); \
	ROW(4, w2, i, base, Y24); \
	ROW(5, w2, i, base, Y25); \
	ROW(6, w2, i, base, Y24); \
	ROW(7, w2, i, base, Y25); \
	ADDQ $8, w2; \
	CMPQ w2, w0; \
	JB loop; \
	VPORQ Y25, Y24, Y24; \
	VMOVQ X24, i; \
	ORQ i, o0; \
	VPEXTRQ $1, X24, i; \
	ORQ i, o1; \
	VEXTRACTI64X2 $1, Y24, X25; \
	VMOVQ X25, i; \
	ORQ i, o2

// UNIONLIST ORs into o0-o2 the neighbour sets (three words each, in rows
// of 32 bytes in the table at base) of the regions of the set (w0, w1,
// w2), through one loop over the set's region numbers: PACK packs each
// word's numbers (Z28-Z30 hold 0-191, see IDXLOAD), the three lists are
// stored end to end at buf (64 bytes past the last number are written)
// and PAD3 pads them to a multiple of eight. The loop takes eight numbers a pass and ORs each
// region's row with one 32-byte load into Y24 or Y25. One loop instead of
// one per word, and eight numbers a pass instead of one: the exits of the
// word loops were the recursion's most mispredicted branches, and so was
// the exit of a loop of one number a pass, taken once a union. Two thirds of
// pc19's unions have at most 16 regions (completing steps mostly 1-8, layer
// steps mostly 13-25), so most take one or two passes. w0-w2 are
// overwritten and i is a scratch register; the table needs the zero row
// 192 (rows32).
#define UNIONLIST(w0, w1, w2, i, base, buf, o0, o1, o2, loop, next) \
	PACK(w0, K2, Z28, Z19); \
	PACK(w1, K3, Z29, Z20); \
	PACK(w2, K4, Z30, Z21); \
	VMOVDQU64 Z19, buf; \
	APPEND(Z20, w1, w0, buf); \
	APPEND(Z21, w2, w0, buf); \
	PASSES(PAD3, w0, w1, w2, i, base, buf, o0, o1, o2, loop, next); \
next:

// NUMBERS loads the region numbers 0-191 into Z28-Z30.
#define NUMBERS \
	VMOVDQU64 idxbytes<>+0(SB), Z28; \
	VMOVDQU64 idxbytes<>+64(SB), Z29; \
	VMOVDQU64 idxbytes<>+128(SB), Z30

// IDXLOAD loads the region numbers 0-191 into Z28-Z30 for UNIONLIST
// when unionList is set (the CPU has the AVX-512 parts it needs), and skips to
// label otherwise.
#define IDXLOAD(label) \
	CMPB ·unionList(SB), $0; \
	JEQ label; \
	NUMBERS; \
label:

// UNION3 is UNIONLIST where unionList is set, and UNIONWORD's loop per
// word elsewhere; the labels are the macros' own, all distinct.
#define UNION3(w0, w1, w2, i, base, buf, o0, o1, o2, words, loop, listed, loop0, word1, loop1, word2, loop2, next) \
	CMPB ·unionList(SB), $0; \
	JEQ words; \
	UNIONLIST(w0, w1, w2, i, base, buf, o0, o1, o2, loop, listed); \
	JMP next; \
words: \
	UNIONWORD(w0, i, base, 0, o0, o1, o2, loop0, word1); \
	UNIONWORD(w1, i, base, 2048, o0, o1, o2, loop1, word2); \
	UNIONWORD(w2, i, base, 4096, o0, o1, o2, loop2, next)

// UNIONLIST4 is UNIONLIST for four-word sets (rows of 32 bytes too, read
// whole; IDXLOAD4 loads the numbers 0-255 into Z28-Z31).
#define UNIONLIST4(w0, w1, w2, w3, i, base, buf, o0, o1, o2, o3, loop, next) \
	PACK(w0, K2, Z28, Z19); \
	PACK(w1, K3, Z29, Z20); \
	PACK(w2, K4, Z30, Z21); \
	PACK(w3, K5, Z31, Z22); \
	VMOVDQU64 Z19, buf; \
	APPEND(Z20, w1, w0, buf); \
	APPEND(Z21, w2, w0, buf); \
	APPEND(Z22, w3, w0, buf); \
	PASSES(PAD, w0, w1, w2, i, base, buf, o0, o1, o2, loop, next); \
	VPEXTRQ $1, X25, i; \
	ORQ i, o3; \
next:

// IDXLOAD4 is IDXLOAD with the numbers 192-255 in Z31 as well.
#define IDXLOAD4(label) \
	CMPB ·unionList(SB), $0; \
	JEQ label; \
	NUMBERS; \
	VMOVDQU64 idxbytes<>+192(SB), Z31; \
label:

// UNION4 is UNION3 for four-word sets.
#define UNION4(w0, w1, w2, w3, i, base, buf, o0, o1, o2, o3, words, loop, listed, loop0, word1, loop1, word2, loop2, word3, loop3, next) \
	CMPB ·unionList(SB), $0; \
	JEQ words; \
	UNIONLIST4(w0, w1, w2, w3, i, base, buf, o0, o1, o2, o3, loop, listed); \
	JMP next; \
words: \
	UNIONWORD4(w0, i, base, 0, o0, o1, o2, o3, loop0, word1); \
	UNIONWORD4(w1, i, base, 2048, o0, o1, o2, o3, loop1, word2); \
	UNIONWORD4(w2, i, base, 4096, o0, o1, o2, o3, loop2, word3); \
	UNIONWORD4(w3, i, base, 6144, o0, o1, o2, o3, loop3, next)

// UNSEEN sets each lane of z (a colour) to the regions of that colour's
// mask word at off(SI) (see colourTable) outside v, a word of the seen set.
#define UNSEEN(v, off, z) \
	VPBROADCASTQ v, z; \
	VPANDNQ off(SI), z, z

// EMPTYLANES sets the bits of r to the lanes of z that are zero.
#define EMPTYLANES(z, r) \
	VPTESTNMQ z, z, K1; \
	KMOVW K1, r

// HASHWORD is one word's round of hash (table.go): h = (h ^ w) * k, then
// h ^= h >> 31; t is a scratch register.
#define HASHWORD(w, h, k, t) \
	XORQ w, h; \
	IMULQ k, h; \
	MOVQ h, t; \
	SHRQ $31, t; \
	XORQ t, h

// func adjUnionBMI(adj *[193][4]uint64, s0, s1, s2 uint64) (o0, o1, o2 uint64)
//
// adjUnion3 in assembly: with UNIONLIST where the CPU has it, else with
// BMI1's TZCNT and BLSR: w &= w - 1 takes one cycle instead of two
// (GOAMD64=v1, Go's default, has LEA and AND), and that chain is the
// loop's critical path. See adjunion_amd64.go. The frame is UNIONLIST's
// buffer.
TEXT ·adjUnionBMI(SB), NOSPLIT, $256-56
	MOVQ adj+0(FP), DI
	XORQ AX, AX
	XORQ BX, BX
	XORQ CX, CX
	MOVQ s0+8(FP), SI
	MOVQ s1+16(FP), R8
	MOVQ s2+24(FP), R9
	IDXLOAD(loaded)
	UNION3(SI, R8, R9, DX, DI, 0(SP), AX, BX, CX, words, list, listed, loop0, word1, loop1, word2, loop2, done)
	MOVQ AX, o0+32(FP)
	MOVQ BX, o1+40(FP)
	MOVQ CX, o2+48(FP)
	RET

// func layersBMI(cm *[16][3]uint64, adj *[193][4]uint64, tail unsafe.Pointer, v0, v1, v2, c0, c1, c2 uint64, cols uint32, limit int) int
//
// layers3 in assembly (BMI1 and POPCNT): the sets seen (R8-R10) and the
// current layer (R11-R13) stay in registers, adj in DI; the cost so far
// and the colours left live in the frame (0 and 8), then UNIONLIST's
// buffer (16, 256 bytes). tail is a *snapshots[[3]uint64]
// or nil. TestLayersBMI checks the offsets used below, TestLayers3 the
// results against layers.
TEXT ·layersBMI(SB), NOSPLIT, $272-96
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
	IDXLOAD(loaded)

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
	CMPB 576(SI), $0
	JEQ  colours
	// With AVX-512 and at most eight colours, every colour at once: lane
	// c of Z16-Z18 is word 0-2 of colour c's mask (the table after cm),
	// each lane keeps the regions not seen, and the
	// lanes that come out empty are the colours done (see colourTable).
	UNSEEN(R8, 384, Z16)
	UNSEEN(R9, 448, Z17)
	UNSEEN(R10, 512, Z18)
	VPTERNLOGQ $0xFE, Z18, Z17, Z16
	EMPTYLANES(Z16, R14)
	ANDL CX, R14
	JMP  counted

colours:
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

counted:
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
	// With the AVX-512 switch (at most eight colours) the table holds
	// the union of the masks of every set of colours at 584: one row.
	CMPB 576(SI), $0
	JEQ  played
	LEAQ (R14)(R14*2), R15
	MOVQ 584(SI)(R15*8), AX
	ANDQ R11, AX
	MOVQ 592(SI)(R15*8), BX
	ANDQ R12, BX
	MOVQ 600(SI)(R15*8), CX
	ANDQ R13, CX
	JMP  playedall

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

playedall:
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
	MOVQ AX, CX
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
	// left (CX) at the limit: no other layer step can come without
	// passing it (completing steps keep dist + colours left), so a run
	// that returns its limit, where the caller's lookahead asks the cache
	// about the last layer step first, ends with this one. Its slot
	// (exactCache.slot, with the cache and depth the tail holds) is
	// fetched now, so that the miss overlaps the completing steps left
	// and the return.
	CMPQ CX, limit+80(FP)
	JNE  notail
	MOVQ 264(R14), DX
	TESTQ DX, DX
	JZ   notail
	MOVQ $0x9E3779B97F4A7C15, SI
	MOVQ $0xBF58476D1CE4E5B9, BX
	HASHWORD(0(R15), SI, BX, CX)
	HASHWORD(8(R15), SI, BX, CX)
	HASHWORD(16(R15), SI, BX, CX)
	XORQ 272(R14), SI
	ANDQ 0(DX), SI
	SHLQ $5, SI
	ADDQ 16(DX), SI
	PREFETCHT0 (SI)

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
	UNION3(AX, BX, CX, R15, DI, 16(SP), DX, SI, R14, union0, ulist, ulisted, uloop0, union1, uloop1, union2, uloop2, merge)

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

// func adjUnionBMI4(adj *[256][4]uint64, s0, s1, s2, s3 uint64) (o0, o1, o2, o3 uint64)
//
// adjUnionBMI for four-word sets (adjUnion4).
TEXT ·adjUnionBMI4(SB), NOSPLIT, $320-72
	MOVQ adj+0(FP), DI
	XORQ AX, AX
	XORQ BX, BX
	XORQ CX, CX
	XORQ DX, DX
	MOVQ s0+8(FP), SI
	MOVQ s1+16(FP), R8
	MOVQ s2+24(FP), R9
	MOVQ s3+32(FP), R10
	IDXLOAD4(u4loaded)
	UNION4(SI, R8, R9, R10, R11, DI, 0(SP), AX, BX, CX, DX, u4words, u4list, u4listed, u4loop0, u4word1, u4loop1, u4word2, u4loop2, u4word3, u4loop3, u4done)
	MOVQ AX, o0+40(FP)
	MOVQ BX, o1+48(FP)
	MOVQ CX, o2+56(FP)
	MOVQ DX, o3+64(FP)
	RET

// func layersBMI4(cm *[16][4]uint64, adj *[256][4]uint64, tail unsafe.Pointer, v0, v1, v2, v3, c0, c1, c2, c3 uint64, cols uint32, limit int) int
//
// layers4 in assembly (BMI1 and POPCNT), as layersBMI is layers3: the seen
// set in R8-R11 and the current layer in R12-R15. Sixteen registers do
// not hold all of a four-word step, so the frame holds the cost so far
// (0), the colours left (8), the completing colours (16) and, while a
// completing step's union runs, what stays of the layer (24-48), then
// UNIONLIST4's buffer (56, 320 bytes); cm and
// adj are read from the arguments when needed. tail is a
// *snapshots[[4]uint64] or nil (a snapshot of 80 bytes, n at 320:
// TestLayersBMI4 checks them).
TEXT ·layersBMI4(SB), NOSPLIT, $376-112
	MOVQ v0+24(FP), R8
	MOVQ v1+32(FP), R9
	MOVQ v2+40(FP), R10
	MOVQ v3+48(FP), R11
	MOVQ c0+56(FP), R12
	MOVQ c1+64(FP), R13
	MOVQ c2+72(FP), R14
	MOVQ c3+80(FP), R15
	MOVL cols+88(FP), BX
	MOVL BX, 8(SP)
	MOVQ $0, 0(SP)

	IDXLOAD4(loaded4)

step4:
	// One colour or none left: each costs its move.
	MOVL 8(SP), BX
	BLSRL BX, AX
	JNZ  test4
	POPCNTL BX, AX
	ADDQ 0(SP), AX
	MOVQ AX, ret+104(FP)
	RET

test4:
	// done (16(SP)): the colours left whose regions are all seen.
	MOVQ cm+0(FP), SI
	MOVL BX, CX
	CMPB 768(SI), $0
	JEQ  colours4
	// Eight colours at once with AVX-512, as in layersBMI (the masks word
	// by word at cm+512, see colourTable).
	UNSEEN(R8, 512, Z16)
	UNSEEN(R9, 576, Z17)
	UNSEEN(R10, 640, Z18)
	UNSEEN(R11, 704, Z19)
	VPTERNLOGQ $0xFE, Z18, Z17, Z16
	VPORQ Z19, Z16, Z16
	EMPTYLANES(Z16, DX)
	ANDL CX, DX
	MOVL DX, 16(SP)
	JMP  counted4

colours4:
	MOVL $0, 16(SP)

colour4:
	BLSIL CX, DX
	TZCNTL CX, AX
	SHLQ $5, AX
	ANDNQ 0(SI)(AX*1), R8, BX
	ANDNQ 8(SI)(AX*1), R9, DI
	ORQ  DI, BX
	ANDNQ 16(SI)(AX*1), R10, DI
	ORQ  DI, BX
	ANDNQ 24(SI)(AX*1), R11, DI
	ORQ  DI, BX
	MOVL $0, DI
	CMOVLNE DI, DX
	ORL  DX, 16(SP)
	BLSRL CX, CX
	JNZ  colour4

counted4:
	// left = dist + colours left + (no colour done); above limit: stop.
	MOVL 8(SP), BX
	POPCNTL BX, AX
	ADDQ 0(SP), AX
	MOVL 16(SP), DX
	XORL CX, CX
	TESTL DX, DX
	SETEQ CX
	ADDQ CX, AX
	CMPQ AX, limit+96(FP)
	JLE  play4
	MOVQ AX, ret+104(FP)
	RET

play4:
	TESTL DX, DX
	JZ   layer4

	// Play the completing colours (DX): the union of their masks (in
	// R12-R15, the layer saved in the frame) meets the layer in p, which
	// leaves the layer and is the union's input.
	POPCNTL DX, AX
	ADDQ AX, 0(SP)
	MOVL 8(SP), BX
	ANDNL BX, DX, BX
	MOVL BX, 8(SP)
	MOVQ R12, 24(SP)
	MOVQ R13, 32(SP)
	MOVQ R14, 40(SP)
	MOVQ R15, 48(SP)
	XORQ R12, R12
	XORQ R13, R13
	XORQ R14, R14
	XORQ R15, R15
	CMPB 768(SI), $0
	JEQ  played4
	SHLQ $5, DX
	MOVQ 776(SI)(DX*1), R12
	MOVQ 784(SI)(DX*1), R13
	MOVQ 792(SI)(DX*1), R14
	MOVQ 800(SI)(DX*1), R15
	JMP  played4all

played4:
	TZCNTL DX, AX
	SHLQ $5, AX
	ORQ  0(SI)(AX*1), R12
	ORQ  8(SI)(AX*1), R13
	ORQ  16(SI)(AX*1), R14
	ORQ  24(SI)(AX*1), R15
	BLSRL DX, DX
	JNZ  played4

played4all:
	MOVQ 24(SP), AX
	ANDQ AX, R12
	ANDNQ AX, R12, AX
	MOVQ AX, 24(SP)
	MOVQ 32(SP), AX
	ANDQ AX, R13
	ANDNQ AX, R13, AX
	MOVQ AX, 32(SP)
	MOVQ 40(SP), AX
	ANDQ AX, R14
	ANDNQ AX, R14, AX
	MOVQ AX, 40(SP)
	MOVQ 48(SP), AX
	ANDQ AX, R15
	ANDNQ AX, R15, AX
	MOVQ AX, 48(SP)

	// f (AX BX CX DX) = the neighbours of p; the new regions join the
	// seen set and what stays of the layer.
	MOVQ adj+8(FP), DI
	XORQ AX, AX
	XORQ BX, BX
	XORQ CX, CX
	XORQ DX, DX
	UNION4(R12, R13, R14, R15, SI, DI, 56(SP), AX, BX, CX, DX, p4words, p4list, p4listed, p4loop0, p4word1, p4loop1, p4word2, p4loop2, p4word3, p4loop3, p4merge)
	ANDNQ AX, R8, AX
	ORQ  AX, R8
	MOVQ 24(SP), R12
	ORQ  AX, R12
	ANDNQ BX, R9, BX
	ORQ  BX, R9
	MOVQ 32(SP), R13
	ORQ  BX, R13
	ANDNQ CX, R10, CX
	ORQ  CX, R10
	MOVQ 40(SP), R14
	ORQ  CX, R14
	ANDNQ DX, R11, DX
	ORQ  DX, R11
	MOVQ 48(SP), R15
	ORQ  DX, R15
	JMP  step4

layer4:
	// A layer step: record it in tail, then the whole layer is the
	// union's input (consumed, so the next layer starts empty).
	MOVQ tail+16(FP), SI
	TESTQ SI, SI
	JZ   notail4
	MOVQ 320(SI), AX
	INCQ AX
	MOVQ AX, 320(SI)
	ANDQ $3, AX
	LEAQ (AX)(AX*4), AX
	SHLQ $4, AX
	ADDQ SI, AX
	ANDNQ R8, R12, BX
	MOVQ BX, 0(AX)
	ANDNQ R9, R13, BX
	MOVQ BX, 8(AX)
	ANDNQ R10, R14, BX
	MOVQ BX, 16(AX)
	ANDNQ R11, R15, BX
	MOVQ BX, 24(AX)
	MOVQ R12, 32(AX)
	MOVQ R13, 40(AX)
	MOVQ R14, 48(AX)
	MOVQ R15, 56(AX)
	MOVL 8(SP), BX
	MOVL BX, 64(AX)
	MOVQ 0(SP), BX
	MOVQ BX, 72(AX)

notail4:
	INCQ 0(SP)
	MOVQ adj+8(FP), DI
	XORQ AX, AX
	XORQ BX, BX
	XORQ CX, CX
	XORQ DX, DX
	UNION4(R12, R13, R14, R15, SI, DI, 56(SP), AX, BX, CX, DX, l4words, l4list, l4listed, l4loop0, l4word1, l4loop1, l4word2, l4loop2, l4word3, l4loop3, l4merge)
	ANDNQ AX, R8, AX
	ORQ  AX, R8
	MOVQ AX, R12
	ANDNQ BX, R9, BX
	ORQ  BX, R9
	MOVQ BX, R13
	ANDNQ CX, R10, CX
	ORQ  CX, R10
	MOVQ CX, R14
	ANDNQ DX, R11, DX
	ORQ  DX, R11
	MOVQ DX, R15
	JMP  step4

// func childLayersBMI(cm *[16][3]uint64, adj *[193][4]uint64, tail unsafe.Pointer, sn unsafe.Pointer, k uint64, x0, x1, x2, x3 uint64, cols uint32, limit int) int
//
// childBound3's child and its layersBMI in one call: the snapshot sn (a
// *snapshot[[3]uint64]: flooded at 0, frontier at 24) played with colour
// k. It returns -1 when the move opens no new region; otherwise it writes
// the child's seen set, layer and colours left over its own arguments,
// which sit where layersBMI's v0-v2, c0-c2 and cols do (x0-x3 are only
// room for them), and jumps to layersBMI with the same arguments (RET to
// a symbol: the assembler gives back the frame, UNIONLIST's buffer, before
// the jump).
TEXT ·childLayersBMI(SB), NOSPLIT, $256-96
	MOVQ sn+24(FP), R14
	MOVQ k+32(FP), CX
	MOVQ cm+0(FP), SI
	LEAQ (CX)(CX*2), AX
	LEAQ (SI)(AX*8), SI

	// g (R8-R10): the frontier's regions of colour k.
	MOVQ 24(R14), R8
	ANDQ 0(SI), R8
	MOVQ 32(R14), R9
	ANDQ 8(SI), R9
	MOVQ 40(R14), R10
	ANDQ 16(SI), R10

	// o (DX R11 R12) = N(g).
	MOVQ adj+8(FP), DI
	XORQ DX, DX
	XORQ R11, R11
	XORQ R12, R12
	MOVQ R8, AX
	MOVQ R9, BX
	MOVQ R10, R13
	IDXLOAD(childload)
	UNION3(AX, BX, R13, R15, DI, 0(SP), DX, R11, R12, childwords, childlist, childlisted, child0, child1, child1loop, child2, child2loop, opened)

	// s = flooded | frontier; o &^ s empty: the move opens nothing.
	MOVQ 0(R14), AX
	ORQ  24(R14), AX
	MOVQ 8(R14), BX
	ORQ  32(R14), BX
	MOVQ 16(R14), DI
	ORQ  40(R14), DI
	ANDNQ DX, AX, R13
	ANDNQ R11, BX, R15
	ORQ  R15, R13
	ANDNQ R12, DI, R15
	ORQ  R15, R13
	JNZ  opens
	MOVQ $-1, ret+88(FP)
	RET

opens:
	// The child's seen set v = s | o.
	ORQ  DX, AX
	ORQ  R11, BX
	ORQ  R12, DI
	MOVQ AX, sn+24(FP)
	MOVQ BX, k+32(FP)
	MOVQ DI, x0+40(FP)
	// f = flooded | g; the child's layer (o | frontier) &^ f.
	ORQ  0(R14), R8
	ORQ  8(R14), R9
	ORQ  16(R14), R10
	ORQ  24(R14), DX
	ORQ  32(R14), R11
	ORQ  40(R14), R12
	ANDNQ DX, R8, DX
	ANDNQ R11, R9, R11
	ANDNQ R12, R10, R12
	MOVQ DX, x1+48(FP)
	MOVQ R11, x2+56(FP)
	MOVQ R12, x3+64(FP)
	// Colour k leaves the colours left when f holds all its regions.
	ANDNQ 0(SI), R8, AX
	ANDNQ 8(SI), R9, BX
	ORQ  BX, AX
	ANDNQ 16(SI), R10, BX
	ORQ  BX, AX
	MOVL cols+72(FP), BX
	JNZ  keep
	BTRL CX, BX
keep:
	MOVL BX, cols+72(FP)
	RET  ·layersBMI(SB)

// func prefetch(p unsafe.Pointer)
//
// PREFETCHT0 of p's cache line (see dfs).
TEXT ·prefetch(SB), NOSPLIT, $0-8
	MOVQ p+0(FP), AX
	PREFETCHT0 (AX)
	RET
