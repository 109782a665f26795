#!/usr/bin/env python3
"""A small OTLP trace receiver for scenelog's end-to-end tests.

It listens on 127.0.0.1 (port given, or one the system picks), prints `PORT <n>` on standard
output once it listens, decodes each POST to /v1/traces as an ExportTraceServiceRequest with the
official protobuf definitions (PyPI opentelemetry-proto) and appends one JSON object per request
to --out: the HTTP status it answered and, for the requests it accepted, every span with hex ids,
times in nanoseconds, attributes, events, status and the resource's attributes.

  --fail-first N      answer the first N requests with --fail-status (then 200)
  --fail-status CODE  the status of those answers (default 503)
  --never-answer      read each request and never answer it
  --grpc              take OTLP/gRPC (TraceService/Export, PyPI grpcio) instead of OTLP/HTTP
"""
import argparse
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from google.protobuf import json_format
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2


def value(any_value):
    kind = any_value.WhichOneof("value")
    if kind == "string_value":
        return any_value.string_value
    if kind == "int_value":
        return any_value.int_value
    if kind == "double_value":
        return any_value.double_value
    if kind == "bool_value":
        return any_value.bool_value
    if kind == "array_value":
        return [value(item) for item in any_value.array_value.values]
    return None


def attributes(key_values):
    return {item.key: value(item.value) for item in key_values}


def spans(request):
    result = []
    for resource_spans in request.resource_spans:
        resource = attributes(resource_spans.resource.attributes)
        for scope_spans in resource_spans.scope_spans:
            for span in scope_spans.spans:
                result.append({
                    "resource": resource,
                    "scope": scope_spans.scope.name,
                    "traceId": span.trace_id.hex(),
                    "spanId": span.span_id.hex(),
                    "parentSpanId": span.parent_span_id.hex(),
                    "name": span.name,
                    "start": span.start_time_unix_nano,
                    "end": span.end_time_unix_nano,
                    "attributes": attributes(span.attributes),
                    "events": [{"name": event.name, "time": event.time_unix_nano, "attributes": attributes(event.attributes)}
                               for event in span.events],
                    "status": {"code": span.status.code, "message": span.status.message},
                })
    return result


class Receiver(BaseHTTPRequestHandler):
    def log_message(self, format, *args):
        pass

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        options = self.server.options
        if options.never_answer:
            time.sleep(3600)
            return
        with self.server.lock:
            self.server.requests += 1
            failing = self.server.requests <= options.fail_first
        entry = {"path": self.path, "contentType": self.headers.get("Content-Type"),
                 "headers": {name.lower(): text for name, text in self.headers.items()}}
        if failing:
            entry["status"] = options.fail_status
            self.record(entry)
            self.send_response(options.fail_status)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        request = trace_service_pb2.ExportTraceServiceRequest()
        if self.headers.get("Content-Type") == "application/json":
            json_format.Parse(body, request)
        else:
            request.ParseFromString(body)
        entry["status"] = 200
        entry["spans"] = spans(request)
        self.record(entry)
        answer = trace_service_pb2.ExportTraceServiceResponse().SerializeToString()
        self.send_response(200)
        self.send_header("Content-Type", "application/x-protobuf")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    def record(self, entry):
        with self.server.lock:
            with open(self.server.options.out, "a", encoding="utf-8") as out:
                out.write(json.dumps(entry) + "\n")


def serve_grpc(options):
    from concurrent import futures

    import grpc
    from opentelemetry.proto.collector.trace.v1 import trace_service_pb2_grpc

    lock = threading.Lock()

    class TraceService(trace_service_pb2_grpc.TraceServiceServicer):
        def Export(self, request, context):
            entry = {"path": "grpc:TraceService/Export", "contentType": "application/grpc",
                     "headers": {key: value for key, value in context.invocation_metadata()},
                     "status": 200, "spans": spans(request)}
            with lock:
                with open(options.out, "a", encoding="utf-8") as out:
                    out.write(json.dumps(entry) + "\n")
            return trace_service_pb2.ExportTraceServiceResponse()

    server = grpc.server(futures.ThreadPoolExecutor(max_workers=4))
    trace_service_pb2_grpc.add_TraceServiceServicer_to_server(TraceService(), server)
    port = server.add_insecure_port(f"127.0.0.1:{options.port}")
    server.start()
    print(f"PORT {port}", flush=True)
    server.wait_for_termination()


class Server(ThreadingHTTPServer):
    # Each app is a resource of its own, with its own connection: more than the default
    # backlog of 5 connect at once, and the rest would wait for a SYN retransmission.
    request_queue_size = 128


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--out", required=True)
    parser.add_argument("--fail-first", type=int, default=0)
    parser.add_argument("--fail-status", type=int, default=503)
    parser.add_argument("--never-answer", action="store_true")
    parser.add_argument("--grpc", action="store_true")
    options = parser.parse_args()
    if options.grpc:
        return serve_grpc(options)
    server = Server(("127.0.0.1", options.port), Receiver)
    server.daemon_threads = True
    server.options = options
    server.lock = threading.Lock()
    server.requests = 0
    print(f"PORT {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
