from django.apps import AppConfig


class Config(AppConfig):
    name = "cotas_web.auditoria"
    label = "auditoria"
    default_auto_field = "django.db.models.BigAutoField"
