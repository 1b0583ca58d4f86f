//go:build !unix

package fifteen

func peakRSS() int64 { return 0 }
