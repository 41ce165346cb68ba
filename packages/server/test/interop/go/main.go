// The official Go client nacos-sdk-go v2 against a server at os.Args[1] (host:port of the HTTP port; gRPC
// is that port + 1000, as the client assumes): config publish, get, listen, remove; naming register,
// subscribe, deregister (the client ignores an empty push, so the test checks the server); and a refused
// registration seen as an error. One JSON line per observation on stdout; the test judges them.
package main

import (
	"encoding/json"
	"fmt"
	"net"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/nacos-group/nacos-sdk-go/v2/clients"
	"github.com/nacos-group/nacos-sdk-go/v2/common/constant"
	"github.com/nacos-group/nacos-sdk-go/v2/model"
	"github.com/nacos-group/nacos-sdk-go/v2/vo"
)

func put(step string, value any) {
	line, _ := json.Marshal(map[string]any{"step": step, "value": value})
	fmt.Println(string(line))
}

func errText(err error) any {
	if err == nil {
		return nil
	}
	return err.Error()
}

// waitFor returns the wanted value once it arrives, else the last value seen (or "") after the timeout.
func waitFor(values <-chan string, wanted string, timeout time.Duration) string {
	deadline := time.After(timeout)
	last := ""
	for {
		select {
		case v := <-values:
			last = v
			if v == wanted {
				return v
			}
		case <-deadline:
			return last
		}
	}
}

func ips(instances []model.Instance) string {
	out := []string{}
	for _, i := range instances {
		out = append(out, fmt.Sprintf("%s:%d", i.Ip, i.Port))
	}
	sort.Strings(out)
	return strings.Join(out, ",")
}

func main() {
	host, portText, _ := net.SplitHostPort(os.Args[1])
	port, _ := strconv.ParseUint(portText, 10, 64)
	scratch := os.Args[2]
	servers := []constant.ServerConfig{*constant.NewServerConfig(host, port)}
	client := *constant.NewClientConfig(
		constant.WithTimeoutMs(5000),
		constant.WithNotLoadCacheAtStart(true),
		constant.WithLogDir(scratch+"/log"),
		constant.WithCacheDir(scratch+"/cache"),
		constant.WithLogLevel("warn"),
	)
	params := vo.NacosClientParam{ClientConfig: &client, ServerConfigs: servers}

	configs, err := clients.NewConfigClient(params)
	if err != nil {
		put("configClient", err.Error())
		os.Exit(1)
	}
	key := vo.ConfigParam{DataId: "go.yaml", Group: "GO"}
	published, err := configs.PublishConfig(vo.ConfigParam{DataId: key.DataId, Group: key.Group, Content: "v: 1"})
	put("published", published && err == nil)
	read, err := configs.GetConfig(key)
	put("read", read)
	heard := make(chan string, 16)
	err = configs.ListenConfig(vo.ConfigParam{DataId: key.DataId, Group: key.Group,
		OnChange: func(_, _, _, data string) { heard <- data }})
	put("listening", err == nil)
	configs.PublishConfig(vo.ConfigParam{DataId: key.DataId, Group: key.Group, Content: "v: 2"})
	put("heard", waitFor(heard, "v: 2", 20*time.Second))
	removed, err := configs.DeleteConfig(key)
	put("removed", removed && err == nil)

	naming, err := clients.NewNamingClient(params)
	if err != nil {
		put("namingClient", err.Error())
		os.Exit(1)
	}
	pushed := make(chan string, 16)
	err = naming.Subscribe(&vo.SubscribeParam{ServiceName: "go-svc", GroupName: "GO",
		SubscribeCallback: func(services []model.Instance, _ error) { pushed <- ips(services) }})
	put("subscribed", err == nil)
	instance := vo.RegisterInstanceParam{Ip: "10.60.0.1", Port: 8080, ServiceName: "go-svc", GroupName: "GO",
		Weight: 1, Enable: true, Healthy: true, Ephemeral: true}
	registered, err := naming.RegisterInstance(instance)
	put("registered", registered && err == nil)
	put("pushedAfterRegister", waitFor(pushed, "10.60.0.1:8080", 20*time.Second))
	deregistered, err := naming.DeregisterInstance(vo.DeregisterInstanceParam{Ip: "10.60.0.1", Port: 8080,
		ServiceName: "go-svc", GroupName: "GO", Ephemeral: true})
	put("deregistered", deregistered && err == nil)

	// the test registered a persistent instance in this service first: nacos refuses an ephemeral one
	refused, err := naming.RegisterInstance(vo.RegisterInstanceParam{Ip: "10.60.0.2", Port: 8080,
		ServiceName: "go-persistent", GroupName: "GO", Weight: 1, Enable: true, Healthy: true, Ephemeral: true})
	put("refusedRegistered", refused)
	put("refusedError", errText(err))

	configs.CloseClient()
	naming.CloseClient()
	put("done", true)
}
