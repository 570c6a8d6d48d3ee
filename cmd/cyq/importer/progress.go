package importer

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// progress tracks bytes read and rows added, and on a terminal redraws a
// one-line bar with the rate and an ETA (computed from bytes).
type progress struct {
	total   int64 // bytes to read in all
	read    atomic.Int64
	rows    atomic.Int64
	start   time.Time
	out     io.Writer // nil: no bar
	phase   atomic.Value
	stop    chan struct{}
	stopped sync.WaitGroup
}

func newProgress(total int64, out io.Writer) *progress {
	p := &progress{total: total, start: time.Now(), out: out, stop: make(chan struct{})}
	p.phase.Store("reading")
	if out != nil {
		p.stopped.Add(1)
		go func() {
			defer p.stopped.Done()
			t := time.NewTicker(200 * time.Millisecond)
			defer t.Stop()
			for {
				select {
				case <-t.C:
					p.draw()
				case <-p.stop:
					return
				}
			}
		}()
	}
	return p
}

func (p *progress) setPhase(s string) {
	p.phase.Store(s)
	if p.out != nil {
		p.draw()
	}
}

func (p *progress) draw() {
	el := time.Since(p.start).Seconds()
	rows := p.rows.Load()
	rate := 0.0
	if el > 0 {
		rate = float64(rows) / el
	}
	frac := 1.0
	if p.total > 0 {
		frac = min(float64(p.read.Load())/float64(p.total), 1)
	}
	const width = 30
	n := int(frac * width)
	bar := strings.Repeat("=", n) + strings.Repeat(" ", width-n)
	if n < width && n > 0 {
		bar = strings.Repeat("=", n-1) + ">" + strings.Repeat(" ", width-n)
	}
	eta := "--"
	if frac > 0.01 && frac < 1 {
		eta = (time.Duration(el/frac*(1-frac)) * time.Second).Round(time.Second).String()
	} else if frac >= 1 {
		eta = "0s"
	}
	fmt.Fprintf(p.out, "\r[%s] %3.0f%% %s rows %s rows/s ETA %s %-10s", bar, frac*100, human(float64(rows)), human(rate), eta, p.phase.Load())
}

// finish stops the bar and clears its line.
func (p *progress) finish() {
	if p.out != nil {
		select {
		case <-p.stop:
		default:
			close(p.stop)
		}
		p.stopped.Wait()
		fmt.Fprintf(p.out, "\r%s\r", strings.Repeat(" ", 100))
	}
}

func human(x float64) string {
	switch {
	case x >= 1e6:
		return fmt.Sprintf("%.2fM", x/1e6)
	case x >= 1e4:
		return fmt.Sprintf("%.1fk", x/1e3)
	}
	return fmt.Sprintf("%.0f", x)
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c countingReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.n.Add(int64(n))
	return n, err
}
