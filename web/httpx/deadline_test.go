package httpx

import (
	"bytes"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
)

// TestSlowReadersFreeTheirSlot performs the slow-reader attack on a real
// server: a client asks for a large answer and never reads it. Without a
// write deadline its request holds the only slot of MaxInFlight for as long
// as the socket lives, and every other request is 503 busy; with one, the
// slot is free again within the idle time.
func TestSlowReadersFreeTheirSlot(t *testing.T) {
	gin.SetMode(gin.TestMode)
	r := gin.New()
	// An idle of 1 s: long enough that a loaded machine's next request
	// still finds the slot held (at 200 ms, one under load came after
	// the slot was freed, and the test saw no attack).
	r.Use(SlowReaders(time.Second), MaxInFlight(1, nil))
	big := bytes.Repeat([]byte("x"), 64<<20) // far beyond any socket buffer
	started := make(chan struct{})
	r.GET("/big", func(c *gin.Context) {
		close(started)
		c.Data(200, "text/plain", big)
	})
	r.GET("/fast", func(c *gin.Context) { c.String(200, "fast") })
	srv := httptest.NewServer(r)
	defer srv.Close()

	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.(*net.TCPConn).SetReadBuffer(4 << 10)
	fmt.Fprintf(conn, "GET /big HTTP/1.1\r\nHost: x\r\n\r\n") // and never read
	select {
	case <-started: // the slow reader holds the slot from here
	case <-time.After(30 * time.Second):
		t.Fatal("the server never took the slow reader's request")
	}

	deadline := time.Now().Add(15 * time.Second)
	busy := 0
	for {
		res, err := http.Get(srv.URL + "/fast")
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode == 200 {
			break
		}
		busy++
		if time.Now().After(deadline) {
			t.Fatalf("the slow reader still holds the slot after 15 s: %d answers %d", busy, res.StatusCode)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if busy == 0 {
		t.Fatal("the slow reader never held the slot: the attack was not performed")
	}
}
