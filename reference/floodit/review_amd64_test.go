package floodit

// setAsm turns the assembly (adjUnionBMI, layersBMI) on or off, as far as
// the CPU has it, and reports whether it is on afterwards.
func setAsm(on bool) bool {
	useBMI = on && asmBMI
	useLayersBMI = on && asmLayersBMI
	return useBMI || useLayersBMI
}

// The CPU's answers, read once before any test flips the switches.
var asmBMI, asmLayersBMI = useBMI, useLayersBMI
