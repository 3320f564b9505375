# ovnilab's settings for the Voila that serves the solo boards (`make play`): the class
# server starts Voila with this folder on JUPYTER_CONFIG_PATH (ovnilab.classroom.server's
# voila_env), so nothing here touches another Voila or JupyterLab.
from ovnilab.classroom.voila_kernels import give_xsrf_cookie

c = get_config()  # noqa: F821 - traitlets gives a config file get_config

# a board's page gets the _xsrf cookie, so that leaving the page shuts its kernel down at
# once instead of a refused request ("403 ... '_xsrf' argument missing from POST") and a
# kernel left running until culled
c.VoilaConfiguration.prelaunch_hook = give_xsrf_cookie
