// A closed-loop gRPC load client for the nacos protocol, on grpc-go (as nacos-sdk-go speaks it): it sends
// opaque Payload bytes prepared by the bench script, so it knows nothing of the messages. Driven by
// bench/grpc-cpu-bench.ts; reads its plan as JSON on stdin, prints "measuring" when the warm-up is over
// and "done <calls> <errors>" at the end of the measured run.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/encoding"
)

// rawCodec passes the prepared bytes through: the messages are already protobuf.
type rawCodec struct{}

func (rawCodec) Marshal(v any) ([]byte, error) { return *(v.(*[]byte)), nil }
func (rawCodec) Unmarshal(b []byte, v any) error {
	*(v.(*[]byte)) = append([]byte(nil), b...)
	return nil
}
func (rawCodec) Name() string { return "raw" }

type plan struct {
	Address     string  `json:"address"`
	Connections int     `json:"connections"`
	Inflight    int     `json:"inflight"`
	WarmupSec   float64 `json:"warmupSec"`
	DurationSec float64 `json:"durationSec"`
	// Unary calls made once per connection before the load (ServerCheckRequest).
	Before [][]byte `json:"before"`
	// The first message on the bi-stream (ConnectionSetupRequest).
	Setup []byte `json:"setup"`
	// Called until its answer contains ReadyMark (HealthCheckRequest); skipped when empty.
	Ready     []byte `json:"ready"`
	ReadyMark string `json:"readyMark"`
	// The request of the load, the same for every call.
	Request []byte `json:"request"`
}

var streamDesc = grpc.StreamDesc{StreamName: "requestBiStream", ServerStreams: true, ClientStreams: true}

func call(conn *grpc.ClientConn, req []byte) ([]byte, error) {
	var reply []byte
	err := conn.Invoke(context.Background(), "/Request/request", &req, &reply, grpc.ForceCodec(rawCodec{}))
	return reply, err
}

func open(p *plan) (*grpc.ClientConn, error) {
	conn, err := grpc.NewClient(p.Address, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		return nil, err
	}
	for _, b := range p.Before {
		if _, err := call(conn, b); err != nil {
			return nil, err
		}
	}
	stream, err := conn.NewStream(context.Background(), &streamDesc, "/BiRequestStream/requestBiStream",
		grpc.ForceCodec(rawCodec{}))
	if err != nil {
		return nil, err
	}
	setup := p.Setup
	if err := stream.SendMsg(&setup); err != nil {
		return nil, err
	}
	go func() { // pushes are read and dropped; none come during a query load
		for {
			var m []byte
			if stream.RecvMsg(&m) != nil {
				return
			}
		}
	}()
	if len(p.Ready) == 0 {
		return conn, nil
	}
	for i := 0; i < 200; i++ {
		reply, err := call(conn, p.Ready)
		if err == nil && bytes.Contains(reply, []byte(p.ReadyMark)) {
			return conn, nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return nil, fmt.Errorf("connection never ready")
}

func main() {
	var p plan
	if err := json.NewDecoder(os.Stdin).Decode(&p); err != nil {
		fmt.Fprintln(os.Stderr, "plan:", err)
		os.Exit(2)
	}
	encoding.RegisterCodec(rawCodec{})
	conns := make([]*grpc.ClientConn, p.Connections)
	for i := range conns {
		c, err := open(&p)
		if err != nil {
			fmt.Fprintln(os.Stderr, "connect:", err)
			os.Exit(1)
		}
		conns[i] = c
	}
	var measuring atomic.Bool
	var stop atomic.Bool
	var calls, errors atomic.Int64
	var wg sync.WaitGroup
	for _, c := range conns {
		for j := 0; j < p.Inflight; j++ {
			wg.Add(1)
			go func(c *grpc.ClientConn) {
				defer wg.Done()
				for !stop.Load() {
					_, err := call(c, p.Request)
					if !measuring.Load() {
						continue
					}
					if err != nil {
						errors.Add(1)
					} else {
						calls.Add(1)
					}
				}
			}(c)
		}
	}
	time.Sleep(time.Duration(p.WarmupSec * float64(time.Second)))
	measuring.Store(true)
	fmt.Println("measuring")
	time.Sleep(time.Duration(p.DurationSec * float64(time.Second)))
	measuring.Store(false)
	n, e := calls.Load(), errors.Load()
	fmt.Printf("done %d %d\n", n, e)
	stop.Store(true)
	wg.Wait()
	for _, c := range conns {
		c.Close()
	}
}
