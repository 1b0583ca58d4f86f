//go:build !amd64

package floodit

// useBMI is false where adjUnionBMI has no assembly.
const useBMI = false

func adjUnionBMI(adj *[192][3]uint64, s0, s1, s2 uint64) (o0, o1, o2 uint64) {
	panic("floodit: adjUnionBMI without assembly")
}
