"""Quem publica: o órgão (nome, brasão, endereço, contato, ouvidoria, aviso de privacidade).

Um registro só, que o administrador preenche na tela "Identidade do órgão". Nada disso está nos
templates: o nome de um município é dado (a demonstração o carrega com o exemplo).
"""

from __future__ import annotations

import time
from typing import Any

from django.db import models

from cotas_web.ponte.catalogo import dispositivo_federal

# O cabeçalho de toda página lê o órgão: guardado na memória do processo por alguns segundos, para
# não custar uma consulta ao banco por página (as páginas públicas têm orçamento de consultas).
# Salvar limpa a memória deste processo; outro processo vê a mudança em até VALIDADE_DA_MEMORIA.
VALIDADE_DA_MEMORIA = 30.0
_MEMORIA: dict[str, tuple[float, Orgao]] = {}

# O aviso de privacidade enquanto o administrador não escreve o do órgão: que dados pessoais o
# sistema guarda, por quê, e quais são sensíveis.
AVISO_PADRAO = f"""Este sistema apura a reserva de vagas em concursos públicos e publica as listas \
de classificação e a ordem de nomeação. Para isso, guarda dados pessoais dos candidatos que a \
banca do concurso envia: nome, número de inscrição, CPF (que nas páginas públicas aparece só em \
parte, mascarado), data de nascimento, notas e situação no concurso.

Também guarda a autodeclaração de raça/cor, a condição de pessoa com deficiência e o resultado \
da verificação pela comissão de heteroidentificação. Esses são dados pessoais sensíveis \
({dispositivo_federal("lgpd_sensiveis").citacao()}): são tratados só para cumprir \
a lei de reserva de vagas e o edital, no exercício de competência legal do órgão, e aparecem nas \
publicações apenas na medida em que a lei manda publicar as listas.

Cada ato registrado (importação, verificação, homologação, nomeação) fica num histórico de \
auditoria, com quem o praticou e quando, para que qualquer resultado possa ser conferido.

Para pedir acesso, correção ou informações sobre os seus dados, procure a ouvidoria do órgão, \
indicada no rodapé desta página."""


class Orgao(models.Model):
    nome = models.CharField("nome do órgão", max_length=200, blank=True)
    subordinacao = models.CharField(
        "subordinação",
        max_length=200,
        blank=True,
        help_text="A linha acima do nome no cabeçalho, por exemplo o estado.",
    )
    brasao = models.BinaryField("brasão (imagem)", null=True, blank=True, editable=True)
    brasao_tipo = models.CharField(max_length=40, blank=True)
    endereco = models.CharField("endereço", max_length=300, blank=True)
    telefone = models.CharField(max_length=60, blank=True)
    email = models.EmailField("e-mail", blank=True)
    sitio = models.URLField("sítio oficial", blank=True)
    ouvidoria = models.CharField(
        max_length=300, blank=True, help_text="Como falar com a ouvidoria (telefone, e-mail)."
    )
    ouvidoria_url = models.URLField("endereço da ouvidoria na internet", blank=True)
    aviso_privacidade = models.TextField("aviso de privacidade", default=AVISO_PADRAO)

    class Meta:
        verbose_name = "identidade do órgão"
        verbose_name_plural = "identidade do órgão"

    def __str__(self) -> str:
        return self.nome or "Órgão sem nome"

    def save(self, *args: Any, **kwargs: Any) -> None:
        super().save(*args, **kwargs)
        Orgao.esquecer()

    @staticmethod
    def esquecer() -> None:
        _MEMORIA.clear()

    @classmethod
    def para_as_paginas(cls) -> Orgao:
        """O órgão para o cabeçalho e o rodapé, da memória quando recente."""
        agora = time.monotonic()
        guardado = _MEMORIA.get("orgao")
        if guardado is not None and agora - guardado[0] < VALIDADE_DA_MEMORIA:
            return guardado[1]
        orgao = cls.atual()
        _MEMORIA["orgao"] = (agora, orgao)
        return orgao

    @classmethod
    def atual(cls) -> Orgao:
        """O registro único (criado com os valores padrão na primeira vez)."""
        orgao, _ = cls.objects.get_or_create(pk=1)
        return orgao
