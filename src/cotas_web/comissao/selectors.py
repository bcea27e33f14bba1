from __future__ import annotations

from cotas_web.candidatos.models import Candidato
from cotas_web.certames.models import Certame

from .models import Membro, Recurso


def aviso_distribuicao(*, certame: Certame) -> str:
    """Art. 4º: três integrantes distribuídos por gênero e cor. Só avisa; não impede."""
    membros = list(Membro.objects.filter(certame=certame))
    if len(membros) < 3:
        return f"A comissão tem {len(membros)} de 3 integrantes (art. 4º)."
    problemas = []
    if len({m.genero for m in membros}) < 2:
        problemas.append("gênero")
    if len({m.cor_raca.strip().lower() for m in membros}) < 2:
        problemas.append("cor")
    if problemas:
        return (
            "Atenção: a comissão não está distribuída por "
            + " nem por ".join(problemas)
            + " (Lei 7.344/2025, art. 4º)."
        )
    return ""


def pendencias_da_comissao(*, certame: Certame) -> list[str]:
    pendentes = Candidato.objects.filter(certame=certame).aguardando_parecer()
    saida = []
    n = pendentes.count()
    if n:
        inscricoes = ", ".join(pendentes.values_list("inscricao", flat=True)[:10])
        saida.append(f"{n} candidato(s) sem parecer da comissão ({inscricoes})")
    recursos = Recurso.objects.filter(candidato__certame=certame, decisao="").count()
    if recursos:
        saida.append(f"{recursos} recurso(s) sem decisão")
    return saida
