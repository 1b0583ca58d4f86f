package floodit

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

// useBMI says whether adjUnion3 may call adjUnionBMI: the CPU has BMI1.
// With Go's default GOAMD64=v1 the compiler emits neither TZCNT nor BLSR,
// and the neighbour unions are a third of the solver's time (pc19, first
// 250 boards: see docs/PERFORMANCE.md, Flood-it fourth pass).
var useBMI = cpu.X86.HasBMI1

// useLayersBMI says whether layers3 may call layersBMI: BMI1 and POPCNT.
var useLayersBMI = cpu.X86.HasBMI1 && cpu.X86.HasPOPCNT

// useAVX512 says whether layersBMI and layersBMI4 may test the completing
// colours of a board of at most eight colours all at once (see
// colourTable3).
var useAVX512 = cpu.X86.HasAVX512F

// adjUnionBMI is adjUnion3's loop in assembly (adjunion_amd64.s); adj is
// the graph's neighbour sets of 192 regions in rows of 32 bytes (rows32).
//
//go:noescape
func adjUnionBMI(adj *[193][4]uint64, s0, s1, s2 uint64) (o0, o1, o2 uint64)

// layersBMI is layers3 in assembly (adjunion_amd64.s) for the colour masks
// cm and neighbour sets adj of a three-word graph, from the seen set v and
// the layer c; tail is a *snapshots[[3]uint64] or nil.
//
//go:noescape
func layersBMI(cm *[16][3]uint64, adj *[193][4]uint64, tail unsafe.Pointer, v0, v1, v2, c0, c1, c2 uint64, cols uint32, limit int) int

// adjUnionBMI4 is adjUnionBMI for four-word sets (adjUnion4); adj is the
// graph's neighbour sets of 256 regions.
//
//go:noescape
func adjUnionBMI4(adj *[256][4]uint64, s0, s1, s2, s3 uint64) (o0, o1, o2, o3 uint64)

// layersBMI4 is layers4 in assembly (adjunion_amd64.s), as layersBMI is
// layers3; tail is a *snapshots[[4]uint64] or nil.
//
//go:noescape
func layersBMI4(cm *[16][4]uint64, adj *[256][4]uint64, tail unsafe.Pointer, v0, v1, v2, v3, c0, c1, c2, c3 uint64, cols uint32, limit int) int

// childLayersBMI is childBound3's child of the snapshot sn (a
// *snapshot[[3]uint64]) by colour k and its layersBMI in one call
// (adjunion_amd64.s), or -1 when the move opens no new region; x0-x3 are
// room for the child's sets, which it writes over its arguments before it
// jumps to layersBMI with the same frame.
//
//go:noescape
func childLayersBMI(cm *[16][3]uint64, adj *[193][4]uint64, tail unsafe.Pointer, sn unsafe.Pointer, k uint64, x0, x1, x2, x3 uint64, cols uint32, limit int) int

// unionList says whether the assembly's neighbour unions walk one packed
// list of a set's region numbers, eight at a time (VPCOMPRESSB, AVX-512
// VBMI2 and BW; each row ORed into a YMM register, VL, and taken out with
// VPEXTRQ and VEXTRACTI64X2, DQ), instead of looping over each word's
// bits: the exits of the word loops were the layer recursion's most
// mispredicted branches. The assembly reads it as a byte; tests turn it off
// to compare the two.
var unionList = uint8(b2i(cpu.X86.HasAVX512VBMI2 && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VL && cpu.X86.HasAVX512DQ))

// The assembly keeps the last layer steps in a ring of four snapshots
// (the slot is n AND 3): lookSteps must be 4 for the Go code, which reads
// slot n % lookSteps, to read what it wrote. This constant does not
// compile otherwise (a negative value has no uint).
const _ = uint(lookSteps-4) + uint(4-lookSteps)

// prefetch asks for p's cache line (PREFETCHT0) without waiting for it.
//
//go:noescape
func prefetch(p unsafe.Pointer)
