package kattis_test

import (
	"errors"
	"math/rand/v2"
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
	f.Add(zipOf(f, append(goodEntries(), entry{name: "tiny/submissions/accepted/a.cpp", body: "int main(){}\n"},
		entry{name: "tiny/submissions/time_limit_exceeded/b.py", body: "while True: pass\n"})...))
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

// TestReadMutations is a deterministic stand-in for a long fuzzing run:
// thousands of shipped packages with a few bytes changed each, with the
// property of FuzzRead. (go test -fuzz=FuzzRead runs the same property
// with Go's mutator.)
func TestReadMutations(t *testing.T) {
	seeds := [][]byte{zipOf(t, goodEntries()...)}
	for _, p := range shipped(t) {
		seeds = append(seeds, write(t, pkgOf(p)))
	}
	rng := rand.New(rand.NewPCG(1, 2))
	accepted := 0
	for i := range 1500 {
		m := append([]byte(nil), seeds[i%len(seeds)]...)
		for range 1 + rng.IntN(4) {
			m[rng.IntN(len(m))] = byte(rng.IntN(256))
		}
		pkg, err := kattis.Read(m)
		if err != nil {
			var refusal *kattis.Error
			if !errors.As(err, &refusal) {
				t.Fatalf("mutation %d: Read returned %T %v, not a refusal", i, err, err)
			}
			continue
		}
		accepted++
		again, err := kattis.Read(write(t, pkg))
		if err != nil || !reflect.DeepEqual(again, pkg) {
			t.Fatalf("mutation %d: Read(Write(pkg)) = %v, %v", i, again, err)
		}
	}
	t.Logf("%d of 1500 mutated packages accepted", accepted)
}
