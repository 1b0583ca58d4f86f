package kattis_test

import (
	"reflect"
	"testing"

	"puzzlejudge/problems/kattis"
)

// FuzzRead feeds Read arbitrary archives: it never panics, and a package it
// accepts is written and read back unchanged.
func FuzzRead(f *testing.F) {
	for _, p := range shipped(f) {
		f.Add(write(f, pkgOf(p)))
	}
	f.Add(zipOf(f, goodEntries()...))
	f.Add(lyingZip(f))
	f.Fuzz(func(t *testing.T, data []byte) {
		pkg, err := kattis.Read(data)
		if err != nil {
			return
		}
		again, err := kattis.Read(write(t, pkg))
		if err != nil {
			t.Fatalf("Read(Write(pkg)) failed: %v", err)
		}
		if !reflect.DeepEqual(again, pkg) {
			t.Fatalf("Read(Write(pkg)) =\n%+v\nwant\n%+v", again, pkg)
		}
	})
}
