package puzzles

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"puzzlejudge/internal/testutil"
	"puzzlejudge/reference/rotation"
)

// perms returns every permutation of 1..k.
func perms(k int) [][]int {
	if k == 0 {
		return [][]int{{}}
	}
	var out [][]int
	for _, p := range perms(k - 1) {
		for i := 0; i <= len(p); i++ {
			q := slices.Insert(slices.Clone(p), i, k)
			out = append(out, q)
		}
	}
	return out
}

func flooditText(n int, cells []int) string {
	return testutil.FlooditBoard(n, func(r, c int) int { return cells[r*n+c] })
}

// flooditImages returns the boards that the Flood-it symmetries make of
// cells (colours 0..k-1): every colour permutation, with and without the
// transpose.
func flooditImages(n, k int, cells []int) []string {
	var out []string
	for _, p := range perms(k) {
		for _, transpose := range []bool{false, true} {
			img := make([]int, n*n)
			for r := range n {
				for c := range n {
					src := cells[r*n+c]
					if transpose {
						src = cells[c*n+r]
					}
					img[r*n+c] = p[src] - 1
				}
			}
			out = append(out, flooditText(n, img))
		}
	}
	return out
}

// TestFlooditSymmetryKeyCoversTheOrbit checks on every 3x3 board of 3
// colours that a colour permutation, possibly with the transpose, keeps the
// key. Boards that are not images of each other may share it too, when
// their region graphs are the same (issue 24: a padded copy of a hidden
// board); floodit's TestGraphKeyKeepsTheOptimum checks that they then share
// their optimum.
func TestFlooditSymmetryKeyCoversTheOrbit(t *testing.T) {
	pz := Floodit{}
	const n, k = 3, 3
	done := map[string]bool{}
	cells := make([]int, n*n)
	for code := 0; code < 19683; code++ {
		x := code
		for i := range cells {
			cells[i], x = x%k, x/k
		}
		text := flooditText(n, cells)
		if done[text] {
			continue
		}
		key := pz.SymmetryKey(text)
		for _, img := range flooditImages(n, k, cells) {
			done[img] = true
			if got := pz.SymmetryKey(img); got != key {
				t.Fatalf("SymmetryKey(%q) = %q, but its image %q has %q", text, key, img, got)
			}
		}
	}
}

// rotationImage applies grid symmetry k and the symbol permutation p.
func rotationImage(b rotation.Board, k int, p []int) rotation.Board {
	var out rotation.Board
	for i := range out.Squares {
		out.Squares[i] = uint8(p[b.Squares[rotationSymmetries[k][i]]-1])
	}
	return out
}

func randomRotation(rng *rand.Rand) rotation.Board {
	var b rotation.Board
	for i := range b.Squares {
		b.Squares[i] = uint8(1 + rng.IntN(3))
	}
	return b
}

// TestRotationSymmetriesKeepTheOptimum solves random boards and each of
// their eight mirror and rotation images: the optimum must not change, or
// the symmetry would refuse boards that tell nothing about a hidden case.
func TestRotationSymmetriesKeepTheOptimum(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	identity := []int{1, 2, 3}
	for range 40 {
		b := randomRotation(rng)
		want, err := rotation.Solve(context.Background(), b, nil)
		if err != nil {
			t.Fatal(err)
		}
		for k := range rotationSymmetries {
			img := rotationImage(b, k, identity)
			got, err := rotation.Solve(context.Background(), img, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got.Len() != want.Len() || got.Solvable != want.Solvable {
				t.Fatalf("symmetry %d of %s: optimum %d, the board's is %d", k, rotation.Format(b), got.Len(), want.Len())
			}
		}
	}
}

// TestRotationSymmetryKey checks that every image of a random board under
// the 48 symmetries (8 of the cross, 6 symbol permutations) has the board's
// key, and that two random boards with one key are images of each other.
func TestRotationSymmetryKey(t *testing.T) {
	pz := Rotation{}
	rng := rand.New(rand.NewPCG(3, 4))
	images := func(b rotation.Board) map[rotation.Board]bool {
		out := map[rotation.Board]bool{}
		for k := range rotationSymmetries {
			for _, p := range perms(3) {
				out[rotationImage(b, k, p)] = true
			}
		}
		return out
	}
	byKey := map[string]rotation.Board{}
	for range 3000 {
		// Few distinct symbols make collisions of keys likely enough to test.
		b := randomRotation(rng)
		for i := range b.Squares {
			if rng.IntN(3) > 0 {
				b.Squares[i] = 1
			}
		}
		key := pz.SymmetryKey(rotation.Format(b))
		imgs := images(b)
		for img := range imgs {
			if got := pz.SymmetryKey(rotation.Format(img)); got != key {
				t.Fatalf("SymmetryKey of an image of %s = %q, want %q", rotation.Format(b), got, key)
			}
		}
		if other, ok := byKey[key]; ok && !imgs[other] {
			t.Fatalf("%s and %s share the key %q but are not symmetric", rotation.Format(b), rotation.Format(other), key)
		}
		byKey[key] = b
	}
	if len(byKey) < 100 {
		t.Errorf("only %d distinct keys: the test boards are too alike", len(byKey))
	}
}

// TestMayanSymmetryKey checks that colour relabellings keep the key and
// that any other change (a moved block, another n) changes it.
func TestMayanSymmetryKey(t *testing.T) {
	pz := Mayan{}
	board := "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n"
	key := pz.SymmetryKey(board)
	relabelled := "3\n7 0\n9 7 0\n9 2 5 0\n2 7 0\n9 5 2 5 0\n"
	if got := pz.SymmetryKey(relabelled); got != key {
		t.Errorf("SymmetryKey(%q) = %q, want %q", relabelled, got, key)
	}
	for _, other := range []string{
		"4\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n", // another n
		"3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 1 0\n", // one block recoloured
		"3\n2 4 3 4 0\n3 1 0\n2 3 4 0\n2 1 0\n1 0\n", // mirrored: not a symmetry
		"3\n0\n1 0\n2 1 0\n2 3 4 0\n3 1 2 4 3 4 0\n", // shifted
	} {
		if got := pz.SymmetryKey(other); got == key {
			t.Errorf("SymmetryKey(%q) = %q, the key of %q", other, got, board)
		}
	}
}
