// Runs web-push-testing's push service in the foreground on the port given (its own
// CLI daemonizes and keeps state files in the working directory).
const { PushApiModel } = require("web-push-testing/src/PushApiModel");
const WebPushTestingServer = require("web-push-testing/src/server");

const port = Number(process.argv[2]);
new WebPushTestingServer(new PushApiModel(), port).startServer();
