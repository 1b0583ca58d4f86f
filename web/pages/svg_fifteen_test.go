package pages

import (
	"strings"
	"testing"

	"puzzlejudge/reference/fifteen"
)

// TestSVGFifteen draws UVA's first sample: fifteen numbered tiles and the
// blank, the tiles beside the blank marked with the move that slides them.
func TestSVGFifteen(t *testing.T) {
	b, err := fifteen.ParseCase("2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n")
	if err != nil {
		t.Fatal(err)
	}
	svg := string(drawFifteen(inEnglish, "f", b))
	wellFormed(t, drawFifteen(inEnglish, "f", b))
	if got := strings.Count(svg, `class="cell tile"`); got != 15 {
		t.Errorf("drawFifteen drew %d tiles, want 15", got)
	}
	// The blank is top right: 4 is on its left (the blank goes L), 8
	// below it (D); nothing else slides.
	for _, want := range []string{`data-move="L"><title>tile 4,`, `data-move="D"><title>tile 8, in place, slides into the blank (D)`, `class="blank"`, ">15</text>"} {
		if !strings.Contains(svg, want) {
			t.Errorf("drawFifteen lacks %q", want)
		}
	}
	if got := strings.Count(svg, "data-move="); got != 2 {
		t.Errorf("%d tiles carry a move, want 2", got)
	}
	golden(t, "fifteen-sample.svg", svg)

	eight, _ := fifteen.ParseCase("1 2 3\n4 0 6\n7 5 8\n")
	svg = string(drawFifteen(inEnglish, "e", eight))
	wellFormed(t, drawFifteen(inEnglish, "e", eight))
	if got := strings.Count(svg, "data-move="); got != 4 || !strings.Contains(svg, "8-puzzle board, 3 by 3") {
		t.Errorf("the 8-puzzle with the blank in the middle: %d tiles carry a move, want 4\n%s", got, svg)
	}
	wellFormed(t, drawFifteen(inEnglish, "z", fifteen.Board{}))
}

// TestFifteenButtons: the four moves, each on its arrow key.
func TestFifteenButtons(t *testing.T) {
	var got []string
	for _, b := range fifteenButtons(newLocale("en", nil), "") {
		got = append(got, b.Move+"="+b.Key)
	}
	if want := "L=arrowleft R=arrowright U=arrowup D=arrowdown"; strings.Join(got, " ") != want {
		t.Errorf("fifteenButtons = %s, want %s", strings.Join(got, " "), want)
	}
}
