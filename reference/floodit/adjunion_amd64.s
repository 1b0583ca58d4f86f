#include "textflag.h"

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
	TESTQ SI, SI
	JZ   word1

loop0:
	TZCNTQ SI, DX
	LEAQ (DX)(DX*2), DX
	ORQ  0(DI)(DX*8), AX
	ORQ  8(DI)(DX*8), BX
	ORQ  16(DI)(DX*8), CX
	BLSRQ SI, SI
	JNZ  loop0

word1:
	MOVQ s1+16(FP), SI
	TESTQ SI, SI
	JZ   word2

loop1:
	TZCNTQ SI, DX
	LEAQ (DX)(DX*2), DX
	ORQ  1536(DI)(DX*8), AX
	ORQ  1544(DI)(DX*8), BX
	ORQ  1552(DI)(DX*8), CX
	BLSRQ SI, SI
	JNZ  loop1

word2:
	MOVQ s2+24(FP), SI
	TESTQ SI, SI
	JZ   done

loop2:
	TZCNTQ SI, DX
	LEAQ (DX)(DX*2), DX
	ORQ  3072(DI)(DX*8), AX
	ORQ  3080(DI)(DX*8), BX
	ORQ  3088(DI)(DX*8), CX
	BLSRQ SI, SI
	JNZ  loop2

done:
	MOVQ AX, o0+32(FP)
	MOVQ BX, o1+40(FP)
	MOVQ CX, o2+48(FP)
	RET
