//go:build !amd64

package floodit

import "unsafe"

// useBMI and useLayersBMI are false where there is no assembly.
const (
	useBMI       = false
	useLayersBMI = false
	useAVX512    = false
)

func adjUnionBMI(adj *[193][4]uint64, s0, s1, s2 uint64) (o0, o1, o2 uint64) {
	panic("floodit: adjUnionBMI without assembly")
}

func layersBMI(cm *[16][3]uint64, adj *[193][4]uint64, tail unsafe.Pointer, v0, v1, v2, c0, c1, c2 uint64, cols uint32, limit int) int {
	panic("floodit: layersBMI without assembly")
}

func adjUnionBMI4(adj *[256][4]uint64, s0, s1, s2, s3 uint64) (o0, o1, o2, o3 uint64) {
	panic("floodit: adjUnionBMI4 without assembly")
}

func layersBMI4(cm *[16][4]uint64, adj *[256][4]uint64, tail unsafe.Pointer, v0, v1, v2, v3, c0, c1, c2, c3 uint64, cols uint32, limit int) int {
	panic("floodit: layersBMI4 without assembly")
}

func childLayersBMI(cm *[16][3]uint64, adj *[193][4]uint64, tail unsafe.Pointer, sn unsafe.Pointer, k uint64, x0, x1, x2, x3 uint64, cols uint32, limit int) int {
	panic("floodit: childLayersBMI without assembly")
}

func prefetch(p unsafe.Pointer) {}
