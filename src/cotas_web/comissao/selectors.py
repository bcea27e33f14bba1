from __future__ import annotations

from typing import Any

from cotas.documentos.ata import (
    AvaliacaoAta,
    MembroAta,
    RecursoAta,
    SessaoAta,
    filmagem,
    resultado_apos_recursos,
)
from cotas.motor.comissao import problemas_da_composicao, regra_em_palavras
from cotas_web import ponte
from cotas_web.candidatos.models import Candidato, Heteroidentificacao
from cotas_web.certames.models import Certame
from cotas_web.rotulos import escolhas

from .models import Membro, Recurso, Sessao


def artigos_da_comissao(*, certame: Certame) -> dict[str, str]:
    """A norma (`norma`) e o artigo de cada parâmetro `heteroidentificacao.<chave>` da lei do
    certame (`membros`, `decisao`, `recursos`...), para as frases da tela; vazio sem comissão."""
    regra = ponte.regras_do_certame(certame).comissao
    if regra is None:
        return {}
    artigos = {chave: ref.artigo for chave, ref in regra.referencias.items()}
    exigida = regra.referencias.get("exigida")
    norma = exigida.norma if exigida else ponte.regras_do_certame(certame).lei.norma
    return {"norma": norma, **artigos}


def _citacao(artigos: dict[str, str], chave: str) -> str:
    """ " (<norma>, <artigo>)" do parâmetro, ou nada se a lei não o traz."""
    return f" ({artigos['norma']}, {artigos[chave]})" if chave in artigos else ""


def integrantes_previstos(*, certame: Certame) -> int:
    """Quantos integrantes a lei do certame dá à comissão (`heteroidentificacao.membros`)."""
    regra = ponte.regras_do_certame(certame).comissao
    return regra.membros if regra is not None else 0


def aviso_distribuicao(*, certame: Certame) -> str:
    """O que a composição da comissão fere na lei do certame (o número de integrantes, a
    distribuição, o mínimo de integrantes de certas cores), pelo motor e com os artigos. Avisa
    ao compor; a verificação com a comissão fora da lei é recusada
    (`services.verificacao_registrar`)."""
    regra = ponte.regras_do_certame(certame).comissao
    if regra is None:
        return ""
    from .services import integrantes

    membros = list(Membro.objects.filter(certame=certame))
    completa = len(membros) >= regra.membros
    problemas = problemas_da_composicao(regra, integrantes(membros), completa=completa)
    if not completa:
        artigos = artigos_da_comissao(certame=certame)
        problemas.insert(
            0,
            f"A comissão tem {len(membros)} de {regra.membros} integrantes"
            f"{_citacao(artigos, 'membros')}.",
        )
    return "Atenção: " + " ".join(problemas) if problemas else ""


def rotulo_do_grupo_da_comissao(*, certame: Certame) -> str:
    """O rótulo do grupo que a comissão verifica ("" se a lei não verifica grupo por ela)."""
    try:
        grupo = ponte.grupo_da_comissao(ponte.regras_do_certame(certame))
    except ponte.ErroCotas:
        return ""
    return ponte.rotulo_do_grupo(grupo.nome) if grupo is not None else ""


def pendencias_da_comissao(*, certame: Certame) -> list[str]:
    """O que falta antes da homologação: a verificação de cada grupo que a lei verifica (pela
    comissão ou pelos documentos) e os recursos sem decisão."""
    saida = []
    for grupo in ponte.regras_do_certame(certame).grupos_da_lei:
        if not grupo.verificado:
            continue
        pendentes = Candidato.objects.filter(certame=certame).aguardando_parecer(
            grupo.nome, tuple(grupo.cores)
        )
        n = pendentes.count()
        if n:
            inscricoes = ", ".join(pendentes.values_list("inscricao", flat=True)[:10])
            if grupo.verificacao == ponte.VERIFICACAO_COMISSAO:
                falta = "parecer da comissão"
            else:
                falta = f"verificação documental ({ponte.rotulo_do_grupo(grupo.nome)})"
            saida.append(f"{n} candidato(s) sem {falta} ({inscricoes})")
    recursos = Recurso.objects.filter(candidato__certame=certame, decisao="").count()
    if recursos:
        saida.append(f"{recursos} recurso(s) sem decisão")
    return saida


def ata_da_sessao(*, sessao: Sessao) -> SessaoAta:
    """O registro da sessão como o documento da ata o recebe."""
    certame = sessao.certame
    membros = list(certame.membros_comissao.all())
    convocacoes = sessao.convocacoes.select_related("candidato__cargo").prefetch_related(
        "votos__membro"
    )
    avaliacoes = [
        AvaliacaoAta(
            inscricao=c.candidato.inscricao,
            nome=c.candidato.nome,
            cargo=c.candidato.cargo.codigo,
            compareceu=c.compareceu,
            votos={v.membro.nome: v.reconhece for v in c.votos.all() if v.presente},
            resultado=c.resultado,
            recusou_filmagem=c.recusou_filmagem,
            recusou_perguntas=c.recusou_perguntas,
        )
        for c in convocacoes
    ]
    inscricoes = [a.inscricao for a in avaliacoes]
    recursos = [
        RecursoAta(
            inscricao=r.candidato.inscricao,
            recorrente=(
                r.get_recorrente_display()
                if r.recorrente == "candidato"
                else f"{r.get_recorrente_display()}: {r.recorrente_nome}"
            ),
            interposto_em=r.interposto_em,
            decisao=r.get_decisao_display() if r.decisao else "",
            resultado_final=r.resultado_final,
            fundamentacao=r.fundamentacao,
        )
        # (a decisão tornada sem efeito fica no histórico; a ata traz a em vigor)
        for r in Recurso.objects.filter(
            candidato__certame=certame,
            candidato__inscricao__in=inscricoes,
            sem_efeito_em__isnull=True,
        ).select_related("candidato")
    ]
    numero = list(certame.sessoes.values_list("pk", flat=True)).index(sessao.pk) + 1
    return SessaoAta(
        certame=certame.nome,
        municipio=certame.municipio,
        data=sessao.data,
        local=sessao.local,
        membros=[MembroAta(m.nome, m.get_genero_display().lower(), m.cor_raca) for m in membros],
        avaliacoes=avaliacoes,
        recursos=recursos,
        observacoes=sessao.ata,
        numero=numero,
        referencias=regra.referencias
        if (regra := ponte.regras_do_certame(certame).comissao)
        else {},
        regra=regra,
    )


def ata_na_tela(*, sessao: Sessao) -> dict[str, Any]:
    """O que a ata na tela traz além da tabela da sessão, como o documento (PDF) o traz: a frase
    da filmagem, os recursos e o resultado depois deles (com os rótulos da tela)."""
    registro = ata_da_sessao(sessao=sessao)
    finais = resultado_apos_recursos(registro)
    rotulos = dict(escolhas(Heteroidentificacao))
    return {
        "filmagem": filmagem(registro),
        "recursos": [
            (r, rotulos.get(r.resultado_final, r.resultado_final) if r.decisao else "")
            for r in registro.recursos
        ],
        "apos_recursos": [
            (a, rotulos.get(finais[a.inscricao], "") or "Pendente") for a in registro.avaliacoes
        ],
    }


def introducao_da_verificacao(*, certame: Certame) -> str:
    """A regra da decisão e os destinos, nas palavras e com os artigos da lei do certame (pelo
    motor: `regra_em_palavras`, `RegraComissao.destino`)."""
    regras = ponte.regras_do_certame(certame)
    regra = regras.comissao
    grupo = ponte.grupo_da_comissao(regras)
    if regra is None or grupo is None:
        return ""
    artigos = artigos_da_comissao(certame=certame)
    frase = (
        f"Considera-se do grupo {ponte.rotulo_do_grupo(grupo.nome)} quem for reconhecido "
        f"{regra_em_palavras(regra)}"
        f"{_citacao(artigos, 'decisao')}. Quem não é reconhecido, falta ou não responde às "
        f"perguntas {regra.destino('nao_confirmado')}{_citacao(artigos, 'nao_reconhecido')}."
    )
    if regra.registro_audiovisual:
        frase += (
            f" Quem se recusa à filmagem {regra.destino('recusou_filmagem')}"
            f"{_citacao(artigos, 'recusa_filmagem')}."
        )
    if regra.decisao_base != "membros":
        frase += " Registre a ausência ou a abstenção de cada integrante: a lei conta só " + (
            "os presentes." if regra.decisao_base == "presentes" else "os votos dados."
        )
    return frase


def regra_da_decisao(*, certame: Certame) -> str:
    """A regra de reconhecimento com o artigo ("pela maioria dos membros da comissão
    (<artigo>)"), para a ata na tela."""
    regra = ponte.regras_do_certame(certame).comissao
    if regra is None:
        return ""
    artigo = artigos_da_comissao(certame=certame).get("decisao")
    return regra_em_palavras(regra) + (f" ({artigo})" if artigo else "")
