"""Services inside environments: model endpoints and other metered APIs, reached by the agent
only through the metering proxy (:mod:`envspec.services.proxy`)."""
