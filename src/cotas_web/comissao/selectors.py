from __future__ import annotations

from dataclasses import asdict
from datetime import date, timedelta
from typing import Any

from django.db.models import Count, Q
from django.utils import timezone

from cotas.documentos.ata import (
    AvaliacaoAta,
    MembroAta,
    RecursoAta,
    RegistroRecursos,
    SessaoAta,
    comparecimento,
    filmagem,
    resultado_apos_recursos,
    voto_de,
)
from cotas_web.candidatos.models import Candidato, Heteroidentificacao
from cotas_web.certames.models import Certame
from cotas_web.ponte import leis, tela, verificacao
from cotas_web.ponte.erros import ErroCotas
from cotas_web.ponte.verificacao import problemas_da_composicao, regra_em_palavras
from cotas_web.rotulos import escolhas

from .models import Membro, Recurso, Sessao


def artigos_da_comissao(*, certame: Certame) -> dict[str, str]:
    """A norma (`norma`) e o artigo de cada parâmetro `heteroidentificacao.<chave>` da lei do
    certame (`membros`, `decisao`, `recursos`...), para as frases da tela; vazio sem comissão."""
    regra = leis.regras_do_certame(certame).comissao
    if regra is None:
        return {}
    artigos = {chave: ref.artigo for chave, ref in regra.referencias.items()}
    exigida = regra.referencias.get("exigida")
    norma = exigida.norma if exigida else leis.regras_do_certame(certame).lei.norma
    return {"norma": norma, **artigos}


def _citacao(artigos: dict[str, str], chave: str) -> str:
    """ " (<norma>, <artigo>)" do parâmetro, ou nada se a lei não o traz."""
    return f" ({artigos['norma']}, {artigos[chave]})" if chave in artigos else ""


def integrantes_previstos(*, certame: Certame) -> int:
    """Quantos integrantes a lei do certame dá à comissão (`heteroidentificacao.membros`)."""
    regra = leis.regras_do_certame(certame).comissao
    return regra.membros if regra is not None else 0


def aviso_distribuicao(*, certame: Certame) -> str:
    """O que a composição da comissão fere na lei do certame (o número de integrantes, a
    distribuição, o mínimo de integrantes de certas cores), pelo motor e com os artigos. Avisa
    ao compor; a verificação com a comissão fora da lei é recusada
    (`services.verificacao_registrar`)."""
    regra = leis.regras_do_certame(certame).comissao
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
        grupo = verificacao.grupo_da_comissao(leis.regras_do_certame(certame))
    except ErroCotas:
        return ""
    return tela.rotulo_do_grupo(grupo.nome) if grupo is not None else ""


def pendencias_da_comissao(*, certame: Certame) -> list[str]:
    """O que falta antes da homologação: a verificação de cada grupo que a lei verifica (pela
    comissão ou pelos documentos) e os recursos sem decisão."""
    saida = []
    for grupo in leis.regras_do_certame(certame).grupos_da_lei:
        if not grupo.verificado:
            continue
        pendentes = Candidato.objects.filter(certame=certame).aguardando_parecer(
            grupo.nome, tuple(grupo.cores)
        )
        n = pendentes.count()
        if n:
            inscricoes = ", ".join(pendentes.values_list("inscricao", flat=True)[:10])
            if grupo.verificacao == verificacao.VERIFICACAO_COMISSAO:
                falta = "parecer da comissão"
            else:
                falta = f"verificação documental ({tela.rotulo_do_grupo(grupo.nome)})"
            saida.append(f"{n} candidato(s) sem {falta} ({inscricoes})")
    recursos = Recurso.objects.filter(candidato__certame=certame, decisao="").count()
    if recursos:
        saida.append(f"{recursos} recurso(s) sem decisão")
    return saida


def registro_da_sessao(*, sessao: Sessao) -> dict[str, Any]:
    """Os fatos da sessão como estão agora (membros, convocados, votos, parecer escrito,
    gravações enviadas, observações): o que o encerramento congela em `Sessao.registro`."""
    certame = sessao.certame
    convocacoes = (
        sessao.convocacoes.select_related("candidato__cargo")
        .prefetch_related("votos__membro")
        .annotate(n_gravacoes=Count("gravacoes"))
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
            parecer=c.parecer,
            gravacoes=c.n_gravacoes,
        )
        for c in convocacoes
    ]
    membros = [
        MembroAta(m.nome, m.get_genero_display().lower(), m.cor_raca)
        for m in certame.membros_comissao.all()
    ]
    return {
        "certame": certame.nome,
        "municipio": certame.municipio,
        "data": sessao.data.isoformat(),
        "local": sessao.local,
        "numero": list(certame.sessoes.values_list("pk", flat=True)).index(sessao.pk) + 1,
        "observacoes": sessao.ata,
        "membros": [asdict(m) for m in membros],
        "avaliacoes": [asdict(a) for a in avaliacoes],
    }


def ata_da_sessao(*, sessao: Sessao) -> SessaoAta:
    """O registro da sessão como o documento da ata o recebe: o congelado no encerramento (a
    ata fechada, que nada depois muda) ou, com a sessão aberta, o de agora (a minuta)."""
    certame = sessao.certame
    dados = sessao.registro if sessao.encerrada_em is not None else None
    dados = dados or registro_da_sessao(sessao=sessao)
    regra = leis.regras_do_certame(certame).comissao
    return SessaoAta(
        certame=dados["certame"],
        municipio=dados["municipio"],
        data=date.fromisoformat(dados["data"]),
        local=dados["local"],
        membros=[MembroAta(**m) for m in dados["membros"]],
        avaliacoes=[AvaliacaoAta(**a) for a in dados["avaliacoes"]],
        observacoes=dados["observacoes"],
        numero=dados["numero"],
        referencias=regra.referencias if regra else {},
        regra=regra,
        encerrada_em=(
            f"{timezone.localtime(sessao.encerrada_em):%d/%m/%Y, às %H:%M}"
            if sessao.encerrada_em
            else ""
        ),
    )


def ata_na_tela(*, sessao: Sessao) -> dict[str, Any]:
    """O que a ata na tela traz além dos votos, como o documento (PDF) o traz: a frase das
    gravações enviadas, a contagem e, se encerrada, quando."""
    registro = ata_da_sessao(sessao=sessao)
    rotulos = dict(escolhas(Heteroidentificacao))
    linhas = [
        (
            a,
            comparecimento(a),
            [voto_de(a, m.nome) for m in registro.membros],
            rotulos.get(a.resultado, "") or "Pendente",
        )
        for a in registro.avaliacoes
    ]
    return {"registro": registro, "filmagem": filmagem(registro), "linhas": linhas}


# O prazo do recurso quando nem a lei nem o edital o fixam (docs/INTERPRETACAO.md#prazo-do-recurso).
PRAZO_RECURSO_PADRAO_DIAS = 3


def prazo_do_recurso(*, certame: Certame) -> tuple[int, str]:
    """Os dias do prazo do recurso contra o parecer e de onde vêm: a lei do certame
    (`heteroidentificacao.recurso_prazo_dias`, com o artigo), o edital
    (`Certame.prazo_recurso_dias`) ou o padrão documentado."""
    regra = leis.regras_do_certame(certame).comissao
    if regra is not None and regra.recurso_prazo_dias is not None:
        citacao = "; ".join(r.citacao() for r in regra.ref("recurso_prazo_dias"))
        return regra.recurso_prazo_dias, citacao or "lei do certame"
    if certame.prazo_recurso_dias is not None:
        return certame.prazo_recurso_dias, "prazo fixado pelo edital"
    return PRAZO_RECURSO_PADRAO_DIAS, (
        "a lei não fixa o prazo e o edital não o informou: padrão da aplicação, só anunciado"
    )


def fim_do_prazo(*, certame: Certame, sessao_data: date) -> date:
    """O último dia do recurso: dias corridos do dia seguinte ao da sessão."""
    dias, _ = prazo_do_recurso(certame=certame)
    return sessao_data + timedelta(days=dias)


def depois_do_prazo(*, certame: Certame, recurso: RecursoAta) -> str:
    """O aviso de um recurso interposto depois do prazo: quando nem a lei nem o edital fixam o
    prazo, o padrão só se anuncia e o recurso atrasado não se recusa
    (docs/INTERPRETACAO.md#prazo-do-recurso), mas quem decide precisa vê-lo ("" se no prazo ou
    sem a sessão do parecer)."""
    if recurso.sessao is None or recurso.interposto_em is None:
        return ""
    fim = fim_do_prazo(certame=certame, sessao_data=recurso.sessao)
    if recurso.interposto_em <= fim:
        return ""
    dias, origem = prazo_do_recurso(certame=certame)
    return (
        f"Interposto {(recurso.interposto_em - fim).days} dia(s) depois do prazo anunciado "
        f"de {dias} dias, que terminou em {fim:%d/%m/%Y} ({origem})."
    )


def prazo_em_palavras(*, certame: Certame, sessao_data: date | None = None) -> str:
    dias, origem = prazo_do_recurso(certame=certame)
    frase = f"Prazo do recurso: {dias} dias corridos, contados do dia seguinte ao da sessão"
    if sessao_data is not None:
        frase += f", até {fim_do_prazo(certame=certame, sessao_data=sessao_data):%d/%m/%Y}"
    return f"{frase} ({origem})."


def recursos_do_certame(*, certame: Certame) -> list[RecursoAta]:
    """Os recursos, cada um com as suas datas (interposto, decidido), o parecer recorrido e a
    sessão dele; a decisão tornada sem efeito fica, marcada."""
    saida = []
    recursos = Recurso.objects.filter(candidato__certame=certame).select_related("candidato")
    for r in recursos.order_by("interposto_em", "pk"):
        conv = (
            r.candidato.convocacoes.filter(
                sessao__data__lte=r.interposto_em, registrado_em__isnull=False
            )
            .exclude(resultado="")
            .select_related("sessao")
            .order_by("-sessao__data", "-pk")
            .first()
        )
        saida.append(
            RecursoAta(
                inscricao=r.candidato.inscricao,
                nome=r.candidato.nome,
                recorrente=(
                    r.get_recorrente_display()
                    if r.recorrente == "candidato"
                    else f"{r.get_recorrente_display()}: {r.recorrente_nome}"
                ),
                interposto_em=r.interposto_em,
                razoes=r.razoes,
                decisao=r.get_decisao_display() if r.decisao else "",
                decidido_em=r.decidido_em,
                resultado_final=r.resultado_final,
                fundamentacao=r.fundamentacao,
                sessao=conv.sessao.data if conv else None,
                parecer_recorrido=conv.resultado if conv else "",
                sem_efeito=(f"tornada sem efeito: {r.sem_efeito_texto}" if r.sem_efeito_em else ""),
            )
        )
    return saida


def registro_dos_recursos(*, certame: Certame) -> RegistroRecursos:
    regra = leis.regras_do_certame(certame).comissao
    return RegistroRecursos(
        certame=certame.nome,
        municipio=certame.municipio,
        recursos=recursos_do_certame(certame=certame),
        referencias=regra.referencias if regra else {},
        regra=regra,
        prazo=prazo_em_palavras(certame=certame),
    )


def resultado_final_dos_recursos(*, certame: Certame) -> dict[str, str]:
    """Inscrição → parecer depois dos recursos em vigor (para o registro dos recursos na tela)."""
    recursos = recursos_do_certame(certame=certame)
    return resultado_apos_recursos({}, recursos)


def sessoes_publicas(*, certame: Certame) -> list[Sessao]:
    """As sessões com convocados (o edital de convocação é público desde a convocação)."""
    return list(
        certame.sessoes.annotate(n=Count("convocacoes", filter=Q(convocacoes__isnull=False)))
        .filter(n__gt=0)
        .order_by("data", "pk")
    )


def introducao_da_verificacao(*, certame: Certame) -> str:
    """A regra da decisão e os destinos, nas palavras e com os artigos da lei do certame (pelo
    motor: `regra_em_palavras`, `RegraComissao.destino`)."""
    regras = leis.regras_do_certame(certame)
    regra = regras.comissao
    grupo = verificacao.grupo_da_comissao(regras)
    if regra is None or grupo is None:
        return ""
    artigos = artigos_da_comissao(certame=certame)
    frase = (
        f"Considera-se do grupo {tela.rotulo_do_grupo(grupo.nome)} quem for reconhecido "
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
    regra = leis.regras_do_certame(certame).comissao
    if regra is None:
        return ""
    artigo = artigos_da_comissao(certame=certame).get("decisao")
    return regra_em_palavras(regra) + (f" ({artigo})" if artigo else "")
