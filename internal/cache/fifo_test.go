package cache

import "testing"

// TestFIFO checks that a full FIFO forgets its oldest key first, that a
// key keeps its first value, and that a value put again does not make its
// key young.
func TestFIFO(t *testing.T) {
	type op struct {
		put  bool
		key  string
		val  int
		want int // for a get: the value, or 0 for none
	}
	for _, tc := range []struct {
		name string
		size int
		ops  []op
	}{
		{"empty", 2, []op{{key: "a"}}},
		{"kept", 2, []op{{put: true, key: "a", val: 1}, {key: "a", want: 1}}},
		{"oldest goes first", 2, []op{
			{put: true, key: "a", val: 1}, {put: true, key: "b", val: 2}, {put: true, key: "c", val: 3},
			{key: "a"}, {key: "b", want: 2}, {key: "c", want: 3},
		}},
		{"first value stays", 2, []op{{put: true, key: "a", val: 1}, {put: true, key: "a", val: 9}, {key: "a", want: 1}}},
		{"put again is not younger", 2, []op{
			{put: true, key: "a", val: 1}, {put: true, key: "b", val: 2}, {put: true, key: "a", val: 1},
			{put: true, key: "c", val: 3}, {key: "a"}, {key: "b", want: 2},
		}},
		{"size below one keeps one", 0, []op{
			{put: true, key: "a", val: 1}, {put: true, key: "b", val: 2}, {key: "a"}, {key: "b", want: 2},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := NewFIFO[string, int](tc.size)
			for i, o := range tc.ops {
				if o.put {
					c.Put(o.key, o.val)
					continue
				}
				got, ok := c.Get(o.key)
				if ok != (o.want != 0) || got != o.want {
					t.Errorf("op %d: Get(%q) = %d, %v; want %d, %v", i, o.key, got, ok, o.want, o.want != 0)
				}
			}
		})
	}
}
