from django.apps import AppConfig


class Config(AppConfig):
    name = "cotas_web.certames"
    label = "certames"
    default_auto_field = "django.db.models.BigAutoField"
