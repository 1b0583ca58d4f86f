package cache

import "testing"

// TestMemo checks that a kept value is returned and that a full cache starts
// again empty.
func TestMemo(t *testing.T) {
	var c Memo[string, int]
	if _, ok := c.Get("a"); ok {
		t.Fatal("the zero Memo has an entry")
	}
	c.Put("a", 1, 2)
	c.Put("b", 2, 2)
	if v, ok := c.Get("a"); !ok || v != 1 {
		t.Errorf("Get(a) = %d, %v; want 1, true", v, ok)
	}
	c.Put("b", 3, 2) // full: it starts again with b alone
	if _, ok := c.Get("a"); ok {
		t.Error("a full cache kept its entries")
	}
	if v, ok := c.Get("b"); !ok || v != 3 {
		t.Errorf("Get(b) = %d, %v; want 3, true", v, ok)
	}
}
