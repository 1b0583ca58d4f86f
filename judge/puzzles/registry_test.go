package puzzles

import (
	"slices"
	"strings"
	"testing"

	"puzzlejudge/judge"
)

func TestRegistry(t *testing.T) {
	if got, want := PuzzleNames(), []string{"floodit", "mayan", "rotation"}; !slices.Equal(got, want) {
		t.Errorf("PuzzleNames() = %q, want %q", got, want)
	}
	for _, name := range PuzzleNames() {
		p, err := Lookup(name)
		if err != nil || p.Name() != name {
			t.Errorf("Lookup(%q) = %v, %v", name, p, err)
			continue
		}
		if info := p.Info(); info.Unit == "" || info.MovesSyntax == "" {
			t.Errorf("Lookup(%q).Info() = %+v: a field is empty", name, info)
		}
	}
	_, err := Lookup("chess")
	if judge.ErrorCode(err) != judge.EINVALID || !strings.Contains(judge.ErrorMessage(err), `unknown puzzle "chess" (known: floodit, mayan, rotation)`) {
		t.Errorf("Lookup(chess) = %v", err)
	}
}

func TestRegisterTwicePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("registering floodit a second time did not panic")
		}
	}()
	Register(Floodit{})
}
