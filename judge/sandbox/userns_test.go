//go:build linux

package sandbox

import (
	"context"
	"strings"
	"testing"
)

// TestNoUserNamespaces: a program in the embedded sandbox cannot make a
// user namespace (and so no mount namespace of its own either): the
// container's own user namespace allows none below it (Init sets its
// user.max_user_namespaces to 0). unshare(CLONE_NEWUSER) and then
// CLONE_NEWNS used to succeed, more kernel surface than a judge needs
// (issue 32). A real C program asks, as an attacker would.
func TestNoUserNamespaces(t *testing.T) {
	if raceEnabled {
		// Under -race the containers start go-judge's own binary as their
		// init (newTestEmbedded), not this program's Init, which is what
		// forbids the namespaces; the ordinary run tests it.
		t.Skip("under -race the containers' init is go-judge's binary, not sandbox.Init")
	}
	r := embeddedRunner(t)
	a := compile(t, r, "c", "userns.c")
	for i := range 2 { // a second run in a container taken back from the pool
		res, err := r.Run(context.Background(), a, nil, Limits{})
		if err != nil || res.Status != StatusOK {
			t.Fatalf("Run(userns.c) = %+v, %v", res, err)
		}
		if out := string(res.Stdout); !strings.HasPrefix(out, "blocked ") {
			t.Errorf("run %d: userns.c printed %q, want the user namespace refused", i+1, out)
		}
	}
}
