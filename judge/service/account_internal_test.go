package service

import (
	"testing"

	"golang.org/x/crypto/bcrypt"
)

// TestDummyHashCost checks that the hash compared for an unknown username
// has the cost of real ones, whatever the cost configured.
func TestDummyHashCost(t *testing.T) {
	for _, cost := range []int{bcrypt.MinCost, 6, bcrypt.DefaultCost} {
		if got, err := bcrypt.Cost(dummyHash(cost)); err != nil || got != cost {
			t.Errorf("bcrypt.Cost(dummyHash(%d)) = %d, %v", cost, got, err)
		}
	}
}
