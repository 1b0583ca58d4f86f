package cache

import "testing"

// TestVersioned checks that an entry serves only its own version, that an older
// version never replaces a newer one, and that a full cache starts again.
func TestVersioned(t *testing.T) {
	var c Versioned[string]
	if _, ok := c.Get("a", 1); ok {
		t.Fatal("the zero Versioned has an entry")
	}
	c.Put("a", 2, "two", 10)
	if v, ok := c.Get("a", 2); !ok || v != "two" {
		t.Errorf("Get(a, 2) = %q, %v; want two, true", v, ok)
	}
	if _, ok := c.Get("a", 3); ok {
		t.Error("an entry of version 2 served version 3")
	}
	c.Put("a", 1, "one", 10)
	if v, ok := c.Get("a", 2); !ok || v != "two" {
		t.Errorf("after a Put of version 1, Get(a, 2) = %q, %v; want two, true", v, ok)
	}
	c.Put("a", 3, "three", 10)
	if v, ok := c.Get("a", 3); !ok || v != "three" {
		t.Errorf("Get(a, 3) = %q, %v; want three, true", v, ok)
	}
	c.Put("b", 3, "b", 2)
	c.Put("c", 3, "c", 2) // two keys held: it starts again with c alone
	if _, ok := c.Get("a", 3); ok {
		t.Error("a full cache kept its entries")
	}
	if v, ok := c.Get("c", 3); !ok || v != "c" {
		t.Errorf("Get(c, 3) = %q, %v; want c, true", v, ok)
	}
}
