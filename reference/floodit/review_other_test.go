//go:build !amd64

package floodit

// setAsm: there is no assembly off amd64.
func setAsm(on bool) bool { return false }
