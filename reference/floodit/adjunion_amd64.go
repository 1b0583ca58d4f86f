package floodit

import "golang.org/x/sys/cpu"

// useBMI says whether adjUnion3 may call adjUnionBMI: the CPU has BMI1.
// With Go's default GOAMD64=v1 the compiler emits neither TZCNT nor BLSR,
// and the neighbour unions are a third of the solver's time (pc19, first
// 250 boards: see docs/PERFORMANCE.md, Flood-it fourth pass).
var useBMI = cpu.X86.HasBMI1

// adjUnionBMI is adjUnion3's loop in assembly (adjunion_amd64.s); adj is
// the graph's neighbour sets of 192 regions.
//
//go:noescape
func adjUnionBMI(adj *[192][3]uint64, s0, s1, s2 uint64) (o0, o1, o2 uint64)
