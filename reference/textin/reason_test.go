package textin

import (
	"reflect"
	"testing"
)

func TestWhy(t *testing.T) {
	tests := []struct {
		name   string
		why    Reason
		text   string
		args   []any
		bad    bool
		nested string
	}{
		{"plain", Why("x_plain", "no such move"), "no such move", nil, true, ""},
		{"args in order", Why("x_two", "x = %d is outside 0..%d", "X", 7, "Max", 5), "x = 7 is outside 0..5", []any{"X", 7, "Max", 5}, true, ""},
		{"nested reason", Why("x_outer", "%s appears twice", "Tile", Why("x_tile", "tile %d", "N", 3)), "tile 3 appears twice", nil, true, "x_tile"},
		{"zero", Reason{}, "", nil, false, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.why.Text != tc.text || tc.why.Bad() != tc.bad {
				t.Errorf("Why = %q (bad %v), want %q (bad %v)", tc.why.Text, tc.why.Bad(), tc.text, tc.bad)
			}
			if tc.args != nil && !reflect.DeepEqual(tc.why.Args, tc.args) {
				t.Errorf("Args = %v, want %v", tc.why.Args, tc.args)
			}
			if tc.nested != "" {
				if sub, ok := tc.why.Args[1].(Reason); !ok || sub.Code != tc.nested {
					t.Errorf("Args[1] = %#v, want a Reason %s", tc.why.Args[1], tc.nested)
				}
			}
		})
	}
}

// TestCodedErrors: a MoveError and an Error keep their English text as
// before and carry the code beside it.
func TestCodedErrors(t *testing.T) {
	me := BadMove(3, "z", TooMany(10))
	if got, want := me.Error(), `move 3 ("z"): too many moves: at most 10 are read`; got != want {
		t.Errorf("BadMove.Error() = %q, want %q", got, want)
	}
	if me.Reason != me.Why.Text || me.Why.Code != "move_too_many" {
		t.Errorf("BadMove = %+v, want Reason = Why.Text and code move_too_many", me)
	}
	_, err := Token{Text: "x1", Line: 2, Col: 4}.Int()
	e, ok := err.(*Error)
	if !ok || e.Error() != `line 2, column 4: expected an integer, found "x1"` || e.Code != "input_expected_integer" ||
		!reflect.DeepEqual(e.Args, []any{"Found", `"x1"`}) {
		t.Errorf("Int error = %#v", err)
	}
}
